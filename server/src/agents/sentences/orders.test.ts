import { parseSentence } from '../parse';
import {
  confirmOrder,
  fromMenu,
  useTo,
  labelOrder,
  leavesAsIs,
  markAsOrder,
  negativeOrder,
  switchState,
  switchTo,
  unfold,
} from './orders';

describe('switchState', () => {
  it('reads the state a switch is set to, before or after its name', () => {
    expect(switchState('Toggle the Offline mode switch on')).toEqual({
      verb: 'check',
      object: 'the Offline mode switch',
    });
    expect(switchState('turn auto-renew off')).toEqual({ verb: 'uncheck', object: 'auto-renew' });
    expect(switchState('Toggle to monthly invoices')).toEqual({ verb: 'check', object: 'monthly invoices' });
    expect(switchState('Toggle the sidebar')).toBeNull();
  });
});

describe('switchTo', () => {
  it('clicks an in-page tab or view, never a browser tab or window', () => {
    expect(switchTo('Switch to the Archived tab')).toEqual({ verb: 'click', object: 'the Archived tab' });
    expect(switchTo('Switch to grid view with the icons at the top')).toEqual({
      verb: 'click',
      object: 'grid view',
    });
    expect(switchTo('Switch to the new tab')).toBeNull();
    expect(switchTo('Switch to the original window')).toBeNull();
    expect(switchTo('Switch to it')).toBeNull();
  });
});

describe('unfold', () => {
  it('reads opening and closing an accordion or section as unfolding it', () => {
    expect(unfold('Open the Returns accordion')).toEqual({ verb: 'expand', object: 'the Returns accordion' });
    expect(unfold('Close the Filters panel in the sidebar')).toEqual({
      verb: 'collapse',
      object: 'the Filters panel in the sidebar',
    });
    expect(unfold('Open the Returns page')).toBeNull();
  });

  it('reads expand and collapse as what they do to a section', () => {
    expect(unfold('Expand the Warranty section')).toEqual({ verb: 'expand', object: 'the Warranty section' });
    expect(unfold('Collapse Drafts in the folder tree')).toEqual({
      verb: 'collapse',
      object: 'Drafts in the folder tree',
    });
  });
});

describe('labelOrder', () => {
  it('reads a verb that is part of a label as a click on the words', () => {
    expect(labelOrder('Publish the article')).toEqual({ verb: 'click', object: 'Publish the article' });
    expect(labelOrder('Duplicate the invoice')).toEqual({ verb: 'click', object: 'Duplicate the invoice' });
    expect(labelOrder('Archive it')).toEqual({ verb: 'click', object: 'Archive' });
  });

  it('reads a verb alone, a verb with a particle and a verb with "as" as labels', () => {
    expect(labelOrder('Duplicate')).toEqual({ verb: 'click', object: 'Duplicate' });
    expect(labelOrder('Log out of every device')).toEqual({
      verb: 'click',
      object: 'Log out of every device',
    });
    expect(labelOrder('Export as spreadsheet')).toEqual({ verb: 'click', object: 'Export as spreadsheet' });
    expect(labelOrder('Explore')).toBeNull();
  });

  it('refuses judgements, whole activities and statements', () => {
    expect(labelOrder('Make the reports page load quickly')).toBeNull();
    expect(labelOrder('Give the editor a proper workout')).toBeNull();
    expect(labelOrder('Rename the folder to something nice')).toBeNull();
    expect(labelOrder('search works fine')).toBeNull();
    expect(labelOrder('Download the report, the invoice and the receipt')).toBeNull();
  });
});

describe('orders in the parse entry', () => {
  it('answers them in the corpus vocabulary', () => {
    expect(parseSentence('Toggle the Offline mode switch on')).toEqual({
      sentence: 'Toggle the Offline mode switch on',
      steps: [{ action: 'check', target: 'Offline mode' }],
    });
    expect(parseSentence('Expand the Warranty section')).toMatchObject({
      steps: [{ action: 'expand', target: 'Warranty section' }],
    });
    expect(parseSentence('Switch to the Archived tab')).toMatchObject({
      steps: [{ action: 'click' }],
    });
    expect(parseSentence('Publish the article')).toMatchObject({
      steps: [{ action: 'click', target: 'Publish the article' }],
    });
    expect(parseSentence('Make the reports page load quickly')).toMatchObject({
      refused: expect.stringMatching(/\w/),
    });
  });
});

describe('labelOrder and the grammar', () => {
  it('leaves the grammar its own verbs, so an unclear step stays refused', () => {
    expect(labelOrder('Click it')).toBeNull();
    expect(labelOrder('Type into the Email field')).toBeNull();
  });
});

describe('orders not to act', () => {
  it("reads don't-tick as untick and leaving a field as no step", () => {
    expect(negativeOrder("Don't tick the marketing box")).toEqual({
      verb: 'uncheck',
      object: 'the marketing box',
    });
    expect(negativeOrder('Do not select anything')).toBeNull();
    expect(leavesAsIs('Leave the coupon field empty')).toBe(true);
    expect(leavesAsIs("Don't fill in the phone number")).toBe(true);
    expect(leavesAsIs('Leave the page')).toBe(false);
  });

  it('drops the clause that leaves a field as it is, keeping the rest of the sentence', () => {
    expect(parseSentence('Leave the coupon field empty and press Pay')).toMatchObject({
      steps: [{ action: 'click', target: 'Pay' }],
    });
  });
});

describe('confirmOrder', () => {
  it("presses the dialog's confirming button when 'confirm' names no check", () => {
    expect(confirmOrder('Confirm')).toEqual({ verb: 'click', object: 'Confirm' });
    expect(confirmOrder('Confirm with Archive project in the dialog')).toEqual({
      verb: 'click',
      object: 'Archive project in the dialog',
    });
    expect(confirmOrder('Confirm the removal in the popup')).toEqual({
      verb: 'click',
      object: 'Confirm in the popup',
    });
    expect(confirmOrder('Confirm the total is 4')).toBeNull();
  });

  it('leaves a check that reads as one a check', () => {
    expect(parseSentence('Confirm the total is "£4.00"')).toMatchObject({
      steps: [{ action: 'assert_text', value: '£4.00' }],
    });
    expect(parseSentence('Confirm with Archive project in the dialog')).toMatchObject({
      steps: [{ action: 'click', target: 'Archive project', where: 'dialog' }],
    });
  });
});

describe('markAsOrder', () => {
  it('reads "mark … as …" as the label of what is pressed', () => {
    expect(markAsOrder('Mark everything as seen')).toEqual({
      verb: 'click',
      object: 'Mark everything as seen',
    });
    expect(markAsOrder('Mark as junk')).toEqual({ verb: 'click', object: 'Mark as junk' });
    expect(markAsOrder('Mark the invoice')).toBeNull();
  });
});

describe('fromMenu', () => {
  it('opens the menu an order is taken from before the order', () => {
    expect(fromMenu('Duplicate the invoice via the kebab next to INV-7')).toEqual([
      'Click the kebab next to INV-7',
      'Duplicate the invoice',
    ]);
    expect(fromMenu('Mark as read from the ⋯ menu on the first row')).toEqual([
      'Click the ⋯ menu on the first row',
      'Mark as read',
    ]);
    // A context menu opens by a right click on the thing the order names.
    expect(fromMenu('Rename the file from the right-click menu')).toEqual([
      'Right-click the file',
      'Click Rename',
    ]);
  });

  it('leaves choices, other places and orders that would not be read alone', () => {
    expect(fromMenu('Pick Edit from the kebab menu')).toBeNull();
    expect(fromMenu('Remove the filter from the toolbar')).toBeNull();
    expect(fromMenu('Export it from the ⋮ menu', () => false)).toBeNull();
  });

  it('reads both steps through the parse entry', () => {
    expect(parseSentence('Log out via the avatar menu')).toEqual({
      sentence: 'Log out via the avatar menu',
      steps: [
        { action: 'click', target: 'avatar menu' },
        { action: 'click', target: 'sign out' },
      ],
    });
  });
});

describe('useTo', () => {
  it('presses the control used, then does what it is used for', () => {
    expect(useTo('Use the region switcher to go to Europe')).toEqual([
      'Click the region switcher',
      'go to Europe',
    ]);
    // 'next to' is a place of the control, not its purpose.
    expect(useTo('Use the pencil next to Invoice 7 to rename it')).toEqual([
      'Click the pencil next to Invoice 7',
      'rename it',
    ]);
  });

  it('leaves a purpose that would not be read alone, and other sentences', () => {
    expect(useTo('Use the arrows to move around', () => false)).toBeNull();
    expect(useTo('Click the pencil to rename it')).toBeNull();
  });

  it('reads both steps through the parse entry', () => {
    expect(parseSentence('Use the bell icon to open notifications')).toMatchObject({
      steps: [
        { action: 'click', target: 'bell' },
        { action: 'click', target: 'notifications' },
      ],
    });
  });
});
