import { type Page } from 'playwright-core';
import { type Action, describeTarget } from './actions';
import { ActionError, toLocator } from './execute';
import { pageScripts } from './pageScripts';
import { type RunValues, substitute } from './values';

// File uploads (issue 32): 'Upload sample.pdf to the "Attachment" field', 'Attach "sample.csv"'. Every
// project has the product's sample files, made here (small, and the same in every run and export). A
// file input, even a hidden one behind a styled button, gets the file; a button that opens the file
// chooser without an input in the page gets it through the chooser.

export type UploadAction = Extract<Action, { kind: 'upload' }>;

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

// A one-page PDF saying "Plainwright sample PDF", and a 1×1 PNG.
const PDF = [
  '%PDF-1.4',
  '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
  '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
  '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj',
  '4 0 obj << /Length 56 >> stream',
  'BT /F1 14 Tf 20 50 Td (Plainwright sample PDF) Tj ET',
  'endstream endobj',
  '5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj',
  'trailer << /Root 1 0 R >>',
  '%%EOF',
  '',
].join('\n');
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** The sample files every project has, by name. */
export const SAMPLE_FILES: Readonly<Record<string, UploadFile>> = {
  'sample.pdf': { name: 'sample.pdf', mimeType: 'application/pdf', buffer: Buffer.from(PDF) },
  'sample.png': { name: 'sample.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') },
  'sample.csv': {
    name: 'sample.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('name,quantity,price\nMilk,2,1.20\nBread,1,2.50\n'),
  },
  'sample.txt': {
    name: 'sample.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Plainwright sample text file.\nIt has two lines.\n'),
  },
};

/** The file a step names, or an error naming what is missing and what there is. */
export function uploadFile(name: string): UploadFile {
  const file = SAMPLE_FILES[name.trim()] ?? SAMPLE_FILES[name.trim().toLowerCase()];
  if (file) return file;
  throw new ActionError(
    `The project has no file "${name}"; its files are ${Object.keys(SAMPLE_FILES).join(', ')}.`,
    'file_not_found',
  );
}

/** Puts the step's file into its file input, or into the file chooser its button opens. */
export async function runUpload(
  page: Page,
  action: UploadAction,
  values: RunValues,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<void> {
  const file = uploadFile(substitute(action.file, values));
  const element = toLocator(page, action.target, values);
  const options = { timeout: timeoutMs };
  if (!action.chooser) {
    if (!(await pageScripts.isFileInput(element, options)))
      throw new ActionError(
        `The ${describeTarget(action.target)} is not a file field: nothing can be uploaded to it.`,
        'element_not_found',
      );
    await element.setInputFiles(file, { ...options, signal });
    return;
  }
  const chosen = page.waitForEvent('filechooser', options);
  await element.click({ ...options, signal });
  await (await chosen).setFiles(file, options);
}
