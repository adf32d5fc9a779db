import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './paths';

/**
 * Comments and docs point only at what a clone holds: the README, docs/, an ADR, the OpenAPI
 * document or a file of the tree. Two design documents the project started from were never in
 * the repository, and tracker numbers mean nothing outside the tracker, so neither may be cited.
 * The names are assembled here so that this file does not cite them itself.
 */
const ABSENT_DOCUMENTS = new RegExp(`\\b(${['SPEC', 'DESIGN'].join('|')})\\.md\\b`, 'i');
const TRACKER_NUMBER = /\bissues? #?\d+\b/i;

/** Tracked files plus new ones not ignored, so a citation fails before it is committed. */
function repositoryFiles(): string[] | null {
  try {
    const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    return out.split('\0').filter((file) => file && existsSync(path.join(ROOT, file)));
  } catch {
    return null; // Not a git checkout (an unpacked archive): nothing to list.
  }
}

const files = repositoryFiles();

describe.skipIf(files === null)('the repository', () => {
  const offending = (pattern: RegExp) =>
    (files ?? []).flatMap((file) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );

  it('cites no design document that is not in it', () => {
    expect(offending(ABSENT_DOCUMENTS)).toEqual([]);
  });

  it('cites no tracker issue numbers', () => {
    expect(offending(TRACKER_NUMBER)).toEqual([]);
  });
});
