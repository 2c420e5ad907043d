import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readZip, writeZip } from './zip';

describe('zip archives', () => {
  it('reads back what it wrote: text deflated, images stored, names in UTF-8', () => {
    const text = Buffer.from('{"type":"before"}\n'.repeat(200));
    const image = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const zip = writeZip([
      { name: 'trace.trace', data: text },
      { name: 'resources/shot.png', data: image },
      { name: 'tests/Überprüfung.spec.ts', data: Buffer.from('ok') },
    ]);
    // Deflated text is much smaller than the text; the image is stored as it was.
    expect(zip.length).toBeLessThan(text.length / 4);
    expect(zip.includes(image)).toBe(true);
    expect(readZip(zip).map(({ name, data }) => [name, data.toString('latin1')])).toEqual([
      ['trace.trace', text.toString('latin1')],
      ['resources/shot.png', image.toString('latin1')],
      ['tests/Überprüfung.spec.ts', 'ok'],
    ]);
  });

  it("reads another tool's archive, zip64 records included, and refuses what is not a zip", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-zip-'));
    try {
      const file = path.join(dir, 'other.zip');
      execFileSync('python3', [
        '-c',
        `import zipfile, sys
with zipfile.ZipFile(sys.argv[1], 'w', compression=zipfile.ZIP_DEFLATED) as z:
    with z.open('trace.trace', 'w', force_zip64=True) as f: f.write(b'line\\n' * 1000)
    z.writestr('resources/a.txt', b'stored', compress_type=zipfile.ZIP_STORED)`,
        file,
      ]);
      expect(readZip(fs.readFileSync(file)).map(({ name, data }) => [name, data.length])).toEqual([
        ['trace.trace', 5000],
        ['resources/a.txt', 6],
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(() => readZip(Buffer.from('not a zip at all'))).toThrow(/Not a zip file/);
  });
});
