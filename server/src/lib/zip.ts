import { unzipSync, zipSync, type Zippable } from 'fflate';

// Zip archives through fflate (a maintained zip library: zip64 on reading, every method a trace or an
// export uses): Playwright traces are read and rewritten to mask secret values before they are stored,
// and exports are written as zips.

export interface ZipEntry {
  name: string;
  data: Buffer;
}

// Images and archives are already compressed; deflating them again only costs time.
const STORED = /\.(jpe?g|png|webp|gz|zip)$/i;

export function readZip(zip: Buffer): ZipEntry[] {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip);
  } catch (error) {
    throw new Error(`Not a zip file we can read (${(error as Error).message})`);
  }
  return Object.entries(files).map(([name, data]) => ({
    name,
    data: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
  }));
}

export function writeZip(entries: ZipEntry[]): Buffer {
  const files: Zippable = {};
  for (const entry of entries) files[entry.name] = [entry.data, { level: STORED.test(entry.name) ? 0 : 6 }];
  const zip = zipSync(files);
  return Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
}
