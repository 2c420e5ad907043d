import { type Action, describeAction, isAction } from './actions';
import { actionCode, pythonScript } from './codegen';
import { SAMPLE_FILES, uploadFile } from './uploads';

// An upload (issue 32) is exported with its sample file's bytes, so the file runs on its own.
const toField: Action = {
  kind: 'upload',
  file: 'sample.txt',
  target: { locator: { by: 'label', text: 'Attachment', exact: true } },
};
const bytes = Buffer.from('Plainwright sample text file.\nIt has two lines.\n').toString('base64');

describe('an upload', () => {
  it('sets the file input, or the file chooser its button opens', () => {
    expect(actionCode(toField, 'typescript')).toBe(
      `await page.getByLabel('Attachment', { exact: true }).setInputFiles({ name: 'sample.txt', mimeType: 'text/plain', buffer: Buffer.from('${bytes}', 'base64') });`,
    );
    expect(actionCode(toField, 'python')).toBe(
      `page.get_by_label("Attachment", exact=True).set_input_files({"name": "sample.txt", "mimeType": "text/plain", "buffer": base64.b64decode("${bytes}")})`,
    );
    const chooser: Action = {
      ...toField,
      target: { locator: { by: 'role', role: 'button', name: 'Add a receipt', exact: true } },
      chooser: true,
    };
    expect(actionCode(chooser, 'python')).toBe(
      [
        'with page.expect_file_chooser() as chooser:',
        '    page.get_by_role("button", name="Add a receipt", exact=True).click()',
        `chooser.value.set_files({"name": "sample.txt", "mimeType": "text/plain", "buffer": base64.b64decode("${bytes}")})`,
      ].join('\n'),
    );
    expect(
      pythonScript({
        name: 'Upload',
        steps: [{ description: 'Upload', action: toField }],
        parameters: {},
        secretNames: [],
      }),
    ).toMatch(/^import base64\nimport os\n/);
  });

  it('is described and read back from storage', () => {
    expect(describeAction(toField)).toBe('Upload sample.txt to "Attachment" field');
    expect(isAction(JSON.parse(JSON.stringify(toField)))).toBe(true);
    expect(isAction({ ...toField, file: 3 })).toBe(false);
  });

  it('has small sample files, and names them when a step asks for another', () => {
    expect(Object.keys(SAMPLE_FILES)).toEqual(['sample.pdf', 'sample.png', 'sample.csv', 'sample.txt']);
    for (const file of Object.values(SAMPLE_FILES)) expect(file.buffer.length).toBeLessThan(1024);
    expect(SAMPLE_FILES['sample.png'].buffer.subarray(1, 4).toString()).toBe('PNG');
    expect(SAMPLE_FILES['sample.pdf'].buffer.subarray(0, 5).toString()).toBe('%PDF-');
    expect(() => uploadFile('invoice.csv')).toThrow(
      'The project has no file "invoice.csv"; its files are sample.pdf, sample.png, sample.csv, sample.txt.',
    );
  });
});
