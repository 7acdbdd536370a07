import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { sourceStamp } from './app-build'

let repo = ''
afterEach(() => rmSync(repo, { recursive: true, force: true }))

function write(file: string, text: string) {
  mkdirSync(dirname(join(repo, file)), { recursive: true })
  writeFileSync(join(repo, file), text)
}

describe('sourceStamp', () => {
  it('changes with what a build reads (tracked or new), not with tests, benches or prose', () => {
    repo = mkdtempSync(join(tmpdir(), 'shelfsnap-stamp-'))
    execFileSync('git', ['init', '-q'], { cwd: repo })
    write('.gitignore', '.next/\n')
    write('lib/stock.ts', 'export const a = 1\n')
    write('lib/stock.test.ts', 'test\n')
    write('e2e/day.spec.ts', 'spec\n')
    execFileSync('git', ['add', '.'], { cwd: repo })
    const first = sourceStamp(repo)
    expect(first).toMatch(/^[0-9a-f]{64}$/)

    write('lib/stock.test.ts', 'another test\n')
    write('e2e/day.spec.ts', 'another spec\n')
    write('bench/new-bench.ts', 'bench\n')
    write('README.md', 'prose\n')
    write('.next/BUILD_ID', 'x\n')
    // a worktree's node_modules is a link to a folder, which .gitignore's `node_modules/` does not match
    symlinkSync(tmpdir(), join(repo, 'node_modules'))
    expect(sourceStamp(repo)).toBe(first)

    write('lib/stock.ts', 'export const a = 2\n')
    const edited = sourceStamp(repo)
    expect(edited).not.toBe(first)
    write('components/new-card.tsx', 'export {}\n')
    expect(sourceStamp(repo)).not.toBe(edited)
  })

  it('is null outside a git checkout, so nothing is reused there', () => {
    repo = mkdtempSync(join(tmpdir(), 'shelfsnap-stamp-'))
    expect(sourceStamp(repo)).toBeNull()
  })
})
