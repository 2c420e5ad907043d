import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { InstructionsEditor } from './InstructionsEditor';
import { matchingNames, openPlaceholder, type ParameterName } from './parameterMatching';

const names: ParameterName[] = [
  { name: 'user_name', kind: 'variable' },
  { name: 'password', kind: 'variable' },
  { name: 'API_TOKEN', kind: 'secret' },
  { name: 'ADMIN_PASSWORD', kind: 'secret' },
];

function Controlled({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <InstructionsEditor label="Instructions" value={value} onChange={setValue} parameterNames={names} />
      <output data-testid="html">{value}</output>
    </>
  );
}

const html = () => screen.getByTestId('html').textContent;
const editor = () => screen.getByRole('textbox', { name: 'Instructions' });
const optionNames = () =>
  within(screen.getByRole('listbox', { name: 'Variables and secrets' }))
    .getAllByRole('option')
    .map((option) => option.firstChild?.firstChild?.textContent);

// NOTE: ProseMirror does not take jsdom's synthetic typing reliably; pasting goes through its real input path.
async function write(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.click(editor());
  await user.paste(text);
}

describe('{{NAME}} completion in the instructions editor', () => {
  it('finds an open placeholder before the cursor, and only an open one', () => {
    expect(openPlaceholder('Log in with {{pass')).toEqual({ start: 12, query: 'pass' });
    expect(openPlaceholder('Log in with {{')).toEqual({ start: 12, query: '' });
    expect(openPlaceholder('Log in with {{password}}')).toBeNull();
    expect(openPlaceholder('Log in with {{pass word')).toBeNull();
    expect(openPlaceholder('Type {{Пароль')).toEqual({ start: 5, query: 'Пароль' });
  });

  it('ranks names that start with the query first, variables before secrets', () => {
    expect(matchingNames(names, 'pass').map(({ name }) => name)).toEqual(['password', 'ADMIN_PASSWORD']);
    expect(matchingNames(names, '').map(({ name }) => name)).toEqual([
      'password',
      'user_name',
      'ADMIN_PASSWORD',
      'API_TOKEN',
    ]);
    expect(matchingNames([...names, { name: 'password', kind: 'secret' }], 'password')).toHaveLength(2);
  });

  it('offers variables and secrets after {{ and inserts the chosen one with Enter', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await write(user, 'Log in with {{');
    expect(await screen.findByRole('listbox', { name: 'Variables and secrets' })).toBeInTheDocument();
    expect(optionNames()).toEqual(['password', 'user_name', 'ADMIN_PASSWORD', 'API_TOKEN']);

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('ADMIN_PASSWORD');
    expect(editor()).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { selected: true }).id,
    );
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('user_name');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(html()).toBe('<p>Log in with {{user_name}}</p>'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(editor()).not.toHaveAttribute('aria-activedescendant');
  });

  it('narrows the list as the name is typed and inserts with Tab', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await write(user, 'Use token {{api');
    await waitFor(() => expect(optionNames()).toEqual(['API_TOKEN']));
    await user.keyboard('{Tab}');
    await waitFor(() => expect(html()).toBe('<p>Use token {{API_TOKEN}}</p>'));
  });

  it('closes with Escape and lets Enter start a new line again', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await write(user, 'Costs {{');
    await screen.findByRole('listbox', { name: 'Variables and secrets' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(html()).toBe('<p>Costs {{</p><p></p>'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('inserts the option clicked with the mouse', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await write(user, 'Sign in as {{');
    await user.click(await screen.findByRole('option', { name: /^password/ }));
    await waitFor(() => expect(html()).toBe('<p>Sign in as {{password}}</p>'));
  });

  it('says nothing when no name matches', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await write(user, 'Open {{zzz');
    await waitFor(() => expect(html()).toBe('<p>Open {{zzz</p>'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
