/**
 * HTML built from templates in which every interpolated value is escaped, unless it is itself
 * HTML made here (a nested template, or `jsonScript`). There is no other way to put text into a
 * page, so a name, a description or a section's cell can never become markup.
 */
export class SafeHtml {
  constructor(readonly text: string) {}
  toString() {
    return this.text;
  }
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML (or XML) text or a quoted attribute's value. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]);

/** An interpolated value: HTML as it is, lists joined, nothing for null, undefined or false. */
function part(value: unknown): string {
  if (value instanceof SafeHtml) return value.text;
  if (Array.isArray(value)) return value.map(part).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += part(values[i]) + strings[i + 1];
  return new SafeHtml(out);
}

/**
 * A value as the text of a <script type="application/ld+json"> block: JSON in which nothing can
 * close the element or open a comment ("<", ">" and "&" as \u escapes, which JSON reads back as
 * the same characters), nor break a line in older parsers (U+2028, U+2029).
 */
export function jsonScript(value: unknown): SafeHtml {
  const text = JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return new SafeHtml(text);
}

/** A path with its query: only the keys that have a value, in the order given; a list repeats its key. */
export function withQuery(
  path: string,
  query: Record<string, string | number | null | undefined | readonly string[]>,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    for (const one of Array.isArray(value) ? value : [value])
      if (one !== null && one !== undefined && one !== '') params.append(key, String(one));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}
