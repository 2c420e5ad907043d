import { uploadSentence } from './upload';

describe('uploadSentence', () => {
  it('reads the file and the field or button it goes to', () => {
    expect(uploadSentence('Upload sample.pdf to the "Attachment" field')).toEqual({
      file: 'sample.pdf',
      field: 'Attachment',
    });
    expect(uploadSentence('Then upload the file sample.png into the avatar upload.')).toEqual({
      file: 'sample.png',
      field: 'avatar',
    });
    expect(uploadSentence('Upload sample.csv with the "Add a receipt" button')).toEqual({
      file: 'sample.csv',
      field: 'Add a receipt',
    });
    expect(uploadSentence('Choose “sample.txt” in the Résumé field')).toEqual({
      file: 'sample.txt',
      field: 'Résumé',
    });
  });

  it('reads a file alone as the page’s file field, and a choice or an item as no upload', () => {
    expect(uploadSentence('Attach "invoice.csv"')).toEqual({ file: 'invoice.csv', field: null });
    for (const sentence of [
      'Select "Express" in the Shipping list',
      'Add "Milk" to the list',
      'Choose sample.pdf',
      'Click "Upload"',
    ])
      expect([sentence, uploadSentence(sentence)]).toEqual([sentence, null]);
  });
});
