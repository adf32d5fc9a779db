import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sqlStatements, sqlStatementsOfFile } from './sql-script';

const split = (script: string) => [...sqlStatements(script)];

describe('sqlStatements', () => {
  it('ends a statement only at a semicolon outside quotes, identifiers, dollar quotes and comments', () => {
    const script = [
      '\\restrict abc123',
      'SET statement_timeout = 0;',
      "INSERT INTO public.t VALUES (1, 'a; b', 'it''s;'), (2, E'back\\\\slash\\'; quote', NULL);",
      'CREATE TABLE "odd;name" (x int);',
      'CREATE FUNCTION f() RETURNS trigger AS $_$ begin return new; end; $_$ LANGUAGE plpgsql;',
      'CREATE FUNCTION g() RETURNS int AS $$ select 1; $$ LANGUAGE sql;',
      '-- a comment; with a semicolon',
      '/* and another; */ SELECT 2;',
      "INSERT INTO public.t VALUES (3, 'line one;\nline two');",
      '',
      '\\unrestrict abc123',
      '',
    ].join('\n');
    const statements = split(script);
    expect(statements).toHaveLength(7);
    expect(statements[5]).toMatch(/SELECT 2$/);
    expect(statements[1]).toBe(
      "INSERT INTO public.t VALUES (1, 'a; b', 'it''s;'), (2, E'back\\\\slash\\'; quote', NULL)",
    );
    expect(statements[2]).toBe('CREATE TABLE "odd;name" (x int)');
    expect(statements[3]).toContain('end; $_$ LANGUAGE plpgsql');
    expect(statements[4]).toContain('select 1; $$ LANGUAGE sql');
    expect(statements[6]).toContain("'line one;\nline two'");
  });

  it('refuses a truncated script and a psql command it cannot run', () => {
    expect(() => split("INSERT INTO t VALUES ('cut")).toThrow(/truncated/);
    expect(() => split('SELECT 1;\n\\connect other\nSELECT 2;')).toThrow(/psql command/);
  });

  it('reads a file larger than its pieces the same, whatever a piece cuts', async () => {
    const rows = (k: number) =>
      Array.from(
        { length: 300 },
        (_, j) => `(${k * 1000 + j}, 'it''s; row ${j}\nsecond line', E'a\\\\'';b')`,
      ).join(',\n');
    const parts = ['\\restrict x', "SET client_encoding = 'UTF8';"];
    for (let k = 0; k < 240; k++) {
      parts.push(`-- Data for t ${k}; more`);
      parts.push(`INSERT INTO public.t VALUES\n${rows(k)};`);
      parts.push(`CREATE FUNCTION f${k}() RETURNS int AS $_$ select ${k}; $_$ LANGUAGE sql;`);
    }
    parts.push('\\unrestrict x', '');
    const script = parts.join('\n');
    expect(script.length).toBeGreaterThan(3 << 20);
    const dir = mkdtempSync(path.join(tmpdir(), 'stockroom-sql-'));
    try {
      writeFileSync(path.join(dir, 'dump.sql'), script);
      const fromFile: string[] = [];
      for await (const statement of sqlStatementsOfFile(path.join(dir, 'dump.sql'))) fromFile.push(statement);
      expect(fromFile).toEqual(split(script));
      expect(fromFile).toHaveLength(481);
      writeFileSync(path.join(dir, 'cut.sql'), script.slice(0, Math.floor(script.length / 2)));
      await expect(async () => {
        for await (const _ of sqlStatementsOfFile(path.join(dir, 'cut.sql'))) void _;
      }).rejects.toThrow(/truncated/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
