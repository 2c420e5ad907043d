import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { EDITOR_HISTORY, HEADING_LEVELS, InstructionsEditor } from './InstructionsEditor';

// NOTE: ProseMirror does not take jsdom's synthetic typing reliably; pasting goes through its real input path.

function Controlled({ initial = '', customSchemes }: { initial?: string; customSchemes?: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <InstructionsEditor
        label="Instructions"
        value={value}
        onChange={setValue}
        customSchemes={customSchemes}
      />
      <output data-testid="html">{value}</output>
    </>
  );
}

const html = () => screen.getByTestId('html').textContent;
const editor = () => screen.getByRole('textbox', { name: 'Instructions' });

async function writeAndSelect(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.click(editor());
  await user.paste(text);
  await user.keyboard('{Control>}a{/Control}');
}

async function linkTo(user: ReturnType<typeof userEvent.setup>, href: string) {
  // The popover stays open after a refused address; otherwise the toolbar opens it.
  if (!screen.queryByRole('form', { name: 'Link' }))
    await user.click(screen.getByRole('button', { name: 'Link' }));
  const form = await screen.findByRole('form', { name: 'Link' });
  const field = within(form).getByLabelText('Link address');
  await user.clear(field);
  await user.type(field, href);
  await user.click(within(form).getByRole('button', { name: 'Apply' }));
  return form;
}

describe('InstructionsEditor', () => {
  it('shows the given instructions', () => {
    render(<Controlled initial="<h2>Checkout</h2><p>Open the shop</p>" />);
    expect(within(editor()).getByRole('heading', { level: 2, name: 'Checkout' })).toBeInTheDocument();
    expect(editor()).toHaveTextContent('Open the shop');
  });

  it('reports what is written as HTML, and nothing when emptied', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.click(editor());
    await user.paste('Log in as ada');
    await waitFor(() => expect(html()).toBe('<p>Log in as ada</p>'));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(html()).toBe(''));
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    await waitFor(() => expect(html()).toBe('<p>Log in as ada</p>'));
  });

  it('offers headings 1 to 6 and keeps SPEC §9 history settings', async () => {
    expect(HEADING_LEVELS).toEqual([1, 2, 3, 4, 5, 6]);
    expect(EDITOR_HISTORY).toEqual({ depth: 100, newGroupDelay: 500 });
    const user = userEvent.setup();
    render(<Controlled />);
    await writeAndSelect(user, 'Checkout');
    await user.click(screen.getByRole('combobox', { name: 'Text style' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Paragraph',
      'Heading 1',
      'Heading 2',
      'Heading 3',
      'Heading 4',
      'Heading 5',
      'Heading 6',
    ]);
    await user.click(screen.getByRole('option', { name: 'Heading 6' }));
    await waitFor(() => expect(html()).toBe('<h6>Checkout</h6>'));
  });

  it('links text to an allowed address and refuses a script link', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await writeAndSelect(user, 'the shop');
    const form = await linkTo(user, 'javascript:alert(1)');
    expect(
      within(form).getByText('Links may use http, https, ftp, ftps, mailto, tel, callto, sms, cid or xmpp'),
    ).toBeInTheDocument();
    expect(html()).not.toContain('<a');
    await linkTo(user, 'mailto:shop@example.com');
    await waitFor(() => expect(html()).toContain('href="mailto:shop@example.com"'));
    expect(within(editor()).getByRole('link', { name: 'the shop' })).toBeInTheDocument();
  });

  it('accepts a custom scheme only when its name follows the rule', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Controlled customSchemes={['my-app']} />);
    await writeAndSelect(user, 'open the app');
    await linkTo(user, 'my-app://open');
    await waitFor(() => expect(html()).toContain('href="my-app://open"'));
    unmount();

    render(<Controlled customSchemes={['My-App']} />);
    await writeAndSelect(user, 'open the app');
    const form = await linkTo(user, 'My-App://open');
    expect(within(form).getByText(/^Links may use/)).toBeInTheDocument();
  });

  it('drops links with a forbidden protocol from the HTML it is given', () => {
    render(
      <Controlled
        initial={'<p><a href="javascript:alert(1)">bad</a> and <a href="https://ok.example">good</a></p>'}
      />,
    );
    expect(within(editor()).queryByRole('link', { name: 'bad' })).not.toBeInTheDocument();
    expect(within(editor()).getByRole('link', { name: 'good' })).toHaveAttribute(
      'href',
      'https://ok.example',
    );
  });
});
