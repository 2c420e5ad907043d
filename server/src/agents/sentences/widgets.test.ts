import { dragStep, emailStep, filterSteps, sliderStep, uploadStep, windowSteps } from './widgets';

describe('widget verbs the runner does not act on yet', () => {
  it('reads uploads: the files, and the field or place they go to', () => {
    expect(uploadStep('Upload budget.ods to the Shared folder')).toEqual({
      action: 'upload_file',
      target: 'the Shared folder',
      value: 'budget.ods',
    });
    expect(uploadStep('Attach scan1.png and scan2.png using the clip button')).toEqual({
      action: 'upload_file',
      target: 'the clip button',
      value: 'scan1.png, scan2.png',
    });
    expect(uploadStep('Upload your CV (cv_final.docx) in the Career section')).toEqual({
      action: 'upload_file',
      target: 'your CV',
      value: 'cv_final.docx',
      where: 'in the Career section',
    });
    expect(uploadStep('Change the banner by uploading sky.webp')).toEqual({
      action: 'upload_file',
      target: 'the banner',
      value: 'sky.webp',
    });
    // No file name: not an upload.
    expect(uploadStep('Add a new address')).toBeNull();
  });

  it('reads drags: what is dragged, where to, and where from', () => {
    expect(dragStep('Drag the Groceries list onto Shared')).toEqual({
      action: 'drag_to',
      target: 'the Groceries list',
      value: 'Shared',
    });
    expect(dragStep('Move the invoice from Pending to Paid by dragging it')).toEqual({
      action: 'drag_to',
      target: 'the invoice',
      value: 'Paid',
      where: 'from Pending',
    });
    expect(dragStep('Drag the Cat photo below the Dog photo')).toEqual({
      action: 'drag_to',
      target: 'the Cat photo',
      value: 'below the Dog photo',
    });
    expect(dragStep('Rearrange the playlist so Intro comes before Verse')).toEqual({
      action: 'drag_to',
      target: 'Intro',
      value: 'before Verse',
      where: 'the playlist',
    });
    expect(dragStep('Sort the tasks by dragging Deploy to the bottom')).toEqual({
      action: 'drag_to',
      target: 'Deploy',
      value: 'the bottom',
    });
    // Moving without dragging is a choice for the page, not a drag.
    expect(dragStep('Move the meeting to Friday')).toBeNull();
  });

  it('reads sliders set to a value as a fill', () => {
    expect(sliderStep('Drag the volume slider to 40%')).toEqual({
      action: 'fill',
      target: 'the volume slider',
      value: '40%',
    });
    expect(dragStep('Drag the volume slider to 40%')).toBeNull();
  });

  it('reads new tabs and windows, clicking what opens one when the line starts with it', () => {
    expect(windowSteps('The Help link opens in a new tab', true)).toEqual({
      steps: [
        { action: 'click', target: 'The Help link' },
        { action: 'switch_tab', value: 'new' },
      ],
    });
    expect(windowSteps('The invoice opens in a new window', false)).toEqual({
      steps: [{ action: 'switch_tab', value: 'new' }],
    });
    expect(windowSteps('Click Print — it opens in a separate window', true)).toEqual({
      rest: 'Click Print',
      steps: [{ action: 'switch_tab', value: 'new' }],
    });
    expect(windowSteps('Open the receipt in a new tab', true)?.steps).toEqual([
      { action: 'click', target: 'the receipt' },
      { action: 'switch_tab', value: 'new' },
    ]);
    expect(windowSteps('Switch back to the original window', false)?.steps).toEqual([
      { action: 'switch_tab', value: 'original' },
    ]);
    expect(windowSteps('Go back to the checkout tab', false)?.steps).toEqual([
      { action: 'switch_tab', target: 'the checkout tab' },
    ]);
    // An in-page tab is a click, read by the grammar.
    expect(windowSteps('Switch to the Archived tab', false)).toBeNull();
  });

  it('reads e-mails opened in a mailbox, with the words they say', () => {
    expect(emailStep('Open the password reminder email')).toEqual({
      action: 'open_email',
      target: 'the password reminder email',
    });
    expect(emailStep('Open the e-mail that says Welcome aboard')).toEqual({
      action: 'open_email',
      target: 'the e-mail',
      value: 'Welcome aboard',
    });
    expect(emailStep("Check the buyer's inbox for the receipt email")).toEqual({
      action: 'open_email',
      target: 'the receipt email',
      where: "the buyer's inbox",
    });
    expect(emailStep('Open the first message')).toBeNull();
  });

  it('reads facet filters, one step per value', () => {
    expect(filterSteps('Filter by colour: Red and Blue')).toEqual([
      { action: 'filter', target: 'colour', value: 'Red' },
      { action: 'filter', target: 'colour', value: 'Blue' },
    ]);
    expect(filterSteps('Filter the orders by status Shipped')).toEqual([
      { action: 'filter', target: 'status', value: 'Shipped' },
    ]);
    expect(filterSteps('Filter Region to Europe')).toEqual([
      { action: 'filter', target: 'Region', value: 'Europe' },
    ]);
    expect(filterSteps('Filter by 3 bedrooms and more and Garden')).toEqual([
      { action: 'filter', value: '3 bedrooms and more' },
      { action: 'filter', value: 'Garden' },
    ]);
    expect(filterSteps('Open the filter panel')).toBeNull();
  });
});
