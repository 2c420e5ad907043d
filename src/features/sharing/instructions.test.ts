import { instructionsText } from './instructions';

describe('instructionsText', () => {
  it('reads the editor HTML as lines of text', () => {
    expect(
      instructionsText(
        '<p>Add the <strong>red mug</strong> to the cart</p><ul><li>Pay by card</li><li>Check the receipt</li></ul>',
      ),
    ).toBe('Add the red mug to the cart\nPay by card\nCheck the receipt');
  });

  it('keeps plain words as they are and never runs markup', () => {
    expect(instructionsText('Open the shop & search for 2 < 3 mugs')).toBe(
      'Open the shop & search for 2 < 3 mugs',
    );
    expect(
      instructionsText('<p>Hi<img src=x onerror="window.hacked=1"><script>window.hacked=1</script></p>'),
    ).toBe('Hi');
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });
});
