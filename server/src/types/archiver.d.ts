// archiver 8 ships no types: the part of its zip archive the snapshot uses.
declare module 'archiver' {
  import type { Readable, Transform } from 'node:stream';

  export class ZipArchive extends Transform {
    constructor(options?: { zlib?: { level?: number }; comment?: string });
    append(source: string | Buffer | Readable, data: { name: string; date?: Date }): this;
    finalize(): Promise<void>;
    abort(): this;
  }
}
