import { dragSentence } from './drag';

describe('drag sentences (issue 32)', () => {
  it('reads the thing dragged and where it is dropped', () => {
    expect(dragSentence('Drag "Write report" to the "Done" column')).toEqual({
      item: 'Write report',
      to: 'Done',
    });
    expect(dragSentence('Drag the "Fix login" card onto Shipped.')).toEqual({
      item: 'Fix login',
      to: 'Shipped',
    });
    expect(dragSentence('Drop “Write report” in the Done list')).toEqual({
      item: 'Write report',
      to: 'Done',
    });
    expect(dragSentence('Move "Write report" to the In review column')).toEqual({
      item: 'Write report',
      to: 'In review',
    });
    expect(dragSentence('Move "Write report" to Done by dragging it')).toEqual({
      item: 'Write report',
      to: 'Done',
    });
  });

  it('leaves moves that are not drags, and unquoted things, to the other rules', () => {
    expect(dragSentence('Move "Ada" to Admins')).toBeNull();
    expect(dragSentence('Drag "Milk" to the top')).toBeNull();
    expect(dragSentence('Drag the slider to 75 %')).toBeNull();
    expect(dragSentence('Go to the "Done" column')).toBeNull();
  });
});
