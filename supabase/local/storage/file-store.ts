import { randomUUID } from 'node:crypto'
import { createReadStream, type ReadStream } from 'node:fs'
import { mkdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { bucketDirPath, objectFilePath } from './object-paths.ts'
import { StorageError } from './storage-errors.ts'

// Bucket ids cannot start with a dot, so this folder never holds objects.
const TEMP_DIR = '.uploads'

/** Object bytes on disk at `<storageDir>/<bucket>/<key>`. */
export class FileStore {
  constructor(private readonly storageDir: string) {}

  /** Writes the bytes beside the objects; `commit` moves them into place. */
  async stage(bytes: Uint8Array): Promise<string> {
    const dir = join(resolve(this.storageDir), TEMP_DIR)
    await mkdir(dir, { recursive: true })
    const file = join(dir, randomUUID())
    await writeFile(file, bytes)
    return file
  }

  async commit(staged: string, bucket: string, key: string): Promise<void> {
    const target = objectFilePath(this.storageDir, bucket, key)
    try {
      await mkdir(dirname(target), { recursive: true })
      await rename(staged, target)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      // a key that is also a folder of other keys (or the reverse) cannot be a file
      if (code === 'ENOTDIR' || code === 'EISDIR' || code === 'EEXIST' || code === 'ENOTEMPTY') {
        throw new StorageError(409, 'KeyAlreadyExists', 'The key clashes with an existing folder or object', 'Duplicate')
      }
      throw error
    }
  }

  async discard(staged: string): Promise<void> {
    await rm(staged, { force: true })
  }

  async open(bucket: string, key: string): Promise<{ size: number; stream: () => ReadStream } | null> {
    const file = objectFilePath(this.storageDir, bucket, key)
    try {
      const info = await stat(file)
      if (!info.isFile()) return null
      return { size: info.size, stream: () => createReadStream(file) }
    } catch {
      return null
    }
  }

  /** Deletes the file and the folders it leaves empty, up to the bucket folder. */
  async remove(bucket: string, key: string): Promise<void> {
    const file = objectFilePath(this.storageDir, bucket, key)
    await rm(file, { force: true })
    const top = bucketDirPath(this.storageDir, bucket)
    for (let dir = dirname(file); dir.startsWith(top) && dir !== top; dir = dirname(dir)) {
      try {
        await rmdir(dir)
      } catch {
        return
      }
    }
  }
}
