import { createReadStream } from 'node:fs';

/**
 * Splits a plain pg_dump script (INSERT form, no COPY blocks) into its statements, so it can be
 * sent through the `pg` driver to either database without psql. Quotes, quoted identifiers,
 * dollar-quoted bodies and comments are skipped over, so a `;` inside a value never ends a
 * statement. psql's \restrict and \unrestrict lines (which guard an interactive psql against a
 * malicious dump) are dropped; any other backslash command is refused, since only psql runs those.
 */
export function* sqlStatements(script: string): Generator<string> {
  const { statements, rest } = scan(script, true);
  yield* statements;
  if (rest) throw new Error('The dump ends in the middle of a statement: it is truncated.');
}

/**
 * The same, read from a file a piece at a time: a dump of a large catalogue is larger than one
 * JavaScript string may be. Only whole lines are scanned, so no two-character token (a doubled
 * quote, a dollar tag, a comment's start) is ever cut; a statement still open at the end of what
 * was read is scanned again with the next piece.
 */
export async function* sqlStatementsOfFile(file: string): AsyncGenerator<string> {
  let pending = '';
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    pending += chunk as string;
    const lastLine = pending.lastIndexOf('\n');
    if (lastLine === -1) continue;
    const { statements, rest } = scan(pending.slice(0, lastLine + 1), false);
    yield* statements;
    pending = rest + pending.slice(lastLine + 1);
  }
  const { statements, rest } = scan(pending, true);
  yield* statements;
  if (rest) throw new Error('The dump ends in the middle of a statement: it is truncated.');
}

/**
 * The complete statements of `script`, and what follows the last one (a statement not yet ended,
 * with any comments before it); empty when nothing but comments and blanks follows.
 */
function scan(script: string, final: boolean): { statements: string[]; rest: string } {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  const n = script.length;
  const atLineStart = (at: number) => at === 0 || script[at - 1] === '\n';
  while (i < n) {
    const c = script[i];
    if (c === '\\' && atLineStart(i) && isOnlyComments(script.slice(start, i))) {
      const end = script.indexOf('\n', i);
      if (end === -1 && !final) break;
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
      if (statement && !isOnlyComments(statement)) statements.push(statement);
      start = i + 1;
    }
    i++;
  }
  const rest = script.slice(start);
  return { statements, rest: isOnlyComments(rest) ? '' : rest };
}

const isOnlyComments = (text: string) => text.split('\n').every((line) => /^\s*(--.*)?$/.test(line));
