import { describe, expect, it } from 'vitest';
import { sqlStatements } from './sql-script';

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
});
