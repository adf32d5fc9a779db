/**
 * Splits a plain pg_dump script (INSERT form, no COPY blocks) into its statements, so it can be
 * sent through the `pg` driver to either database without psql. Quotes, quoted identifiers,
 * dollar-quoted bodies and comments are skipped over, so a `;` inside a value never ends a
 * statement. psql's \restrict and \unrestrict lines (which guard an interactive psql against a
 * malicious dump) are dropped; any other backslash command is refused, since only psql runs those.
 */
export function* sqlStatements(script: string): Generator<string> {
  let start = 0;
  let i = 0;
  const n = script.length;
  const atLineStart = (at: number) => at === 0 || script[at - 1] === '\n';
  while (i < n) {
    const c = script[i];
    if (c === '\\' && atLineStart(i) && isOnlyComments(script.slice(start, i))) {
      const end = script.indexOf('\n', i);
      const line = script.slice(i, end === -1 ? n : end);
      if (!/^\\(un)?restrict\b/.test(line))
        throw new Error(`The dump holds a psql command this restore cannot run: ${line.slice(0, 40)}`);
      i = end === -1 ? n : end + 1;
      start = i;
      continue;
    }
    if (c === '-' && script[i + 1] === '-') {
      const end = script.indexOf('\n', i);
      i = end === -1 ? n : end + 1;
      continue;
    }
    if (c === '/' && script[i + 1] === '*') {
      const end = script.indexOf('*/', i + 2);
      i = end === -1 ? n : end + 2;
      continue;
    }
    if (c === "'") {
      // E'...' takes backslash escapes; a plain literal only doubles its quotes.
      const escapes = i > 0 && /[eE]/.test(script[i - 1]) && !/[\w$]/.test(script[i - 2] ?? ' ');
      i++;
      while (i < n) {
        if (escapes && script[i] === '\\') i += 2;
        else if (script[i] === "'" && script[i + 1] === "'") i += 2;
        else if (script[i] === "'") break;
        else i++;
      }
      i++;
      continue;
    }
    if (c === '"') {
      const end = script.indexOf('"', i + 1);
      i = end === -1 ? n : end + 1;
      continue;
    }
    if (c === '$') {
      const tag = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/.exec(script.slice(i, i + 64));
      if (tag && !/[\w$]/.test(script[i - 1] ?? ' ')) {
        const end = script.indexOf(tag[0], i + tag[0].length);
        i = end === -1 ? n : end + tag[0].length;
        continue;
      }
    }
    if (c === ';') {
      const statement = script.slice(start, i).trim();
      if (statement && !isOnlyComments(statement)) yield statement;
      start = i + 1;
    }
    i++;
  }
  const rest = script.slice(start).trim();
  if (rest && !isOnlyComments(rest))
    throw new Error('The dump ends in the middle of a statement: it is truncated.');
}

const isOnlyComments = (text: string) => text.split('\n').every((line) => /^\s*(--.*)?$/.test(line));
