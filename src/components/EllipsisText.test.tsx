import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EllipsisText } from './EllipsisText';

const longName = 'n'.repeat(2000);

/** jsdom lays nothing out: pretend the text needs `scroll` pixels in a box `client` pixels wide. */
function layOut(scroll: number, client: number) {
  jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scroll);
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(client);
}

afterEach(() => jest.restoreAllMocks());

describe('EllipsisText', () => {
  it('keeps a long unbroken name on one line, cut with an ellipsis', () => {
    render(<EllipsisText>{longName}</EllipsisText>);
    const text = screen.getByText(longName);
    expect(text).toHaveStyle({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
  });

  it('wraps anywhere and clamps to the lines asked for', () => {
    render(<EllipsisText lines={3}>{longName}</EllipsisText>);
    expect(screen.getByText(longName)).toHaveStyle({ overflowWrap: 'anywhere', overflow: 'hidden' });
  });

  it('shows the full name on hover when it is cut', async () => {
    layOut(/* scroll */ 900, /* client */ 200);
    render(<EllipsisText>{longName}</EllipsisText>);
    await userEvent.hover(screen.getByText(longName));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(longName);
  });

  it('shows no tooltip when the name fits', async () => {
    layOut(/* scroll */ 100, /* client */ 200);
    render(<EllipsisText>Checkout</EllipsisText>);
    await userEvent.hover(screen.getByText('Checkout'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
