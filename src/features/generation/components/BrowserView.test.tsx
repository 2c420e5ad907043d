import { screen, waitFor, within } from '@testing-library/react';
import { seedTodoTest, todoSteps } from '../../../testing/generation';
import { renderApp } from '../../../testing/renderWithStore';
import { setViewportWidth } from '../../../testing/viewport';
import { imageCache } from '../imageCache';

// The test page on a wide screen (1440 px): the steps beside a large browser view of the selected one.

const browserView = () => screen.getByRole('region', { name: 'Browser view' });

/** The steps' rows (not the items of lists inside a step). */
async function stepRows() {
  // The first render compiles the page's lazy chunks: slow on a busy machine.
  const list = await screen.findByRole('list', { name: 'Steps' }, { timeout: 15_000 });
  return within(list)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === list);
}

/** The button that opens or closes a step (its summary row). */
const stepButton = async (number: number) => within((await stepRows())[number - 1]).getAllByRole('button')[0];

function seedWithOutline() {
  const steps = todoSteps();
  // The runner recorded where the field it filled was, on the page before the step.
  steps[1].target_box = { x: 320, y: 180, width: 640, height: 72 };
  return seedTodoTest('passed', steps);
}

describe('BrowserView', () => {
  beforeEach(() => {
    imageCache.clear();
    setViewportWidth(1440);
  });

  it("shows the selected step's screenshot beside the list, before and after, with the element outlined", async () => {
    const { test } = seedWithOutline();
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    await stepRows();
    // Nothing chosen yet: the view shows the last step (none failed), without opening it in the list.
    expect(within(browserView()).getByText(/^Step 4 of 4: /)).toBeInTheDocument();

    await user.click(await stepButton(2));
    const view = browserView();
    expect(
      within(view).getByText('Step 2 of 4: Fill "Buy milk" into the textbox "What needs to be done?"'),
    ).toBeInTheDocument();
    const after = await within(view).findByRole('img', { name: 'Page after step 2' });
    expect(after.getAttribute('src')).toMatch(/^\/api\/files\/shot-2\.png/);
    // The big view has the screenshot; the step's own details don't repeat it.
    expect(
      within((await stepRows())[1]).queryByRole('region', { name: 'Screenshot' }),
    ).not.toBeInTheDocument();
    expect(within(view).queryByTestId('element-outline')).not.toBeInTheDocument();

    await user.click(within(view).getByRole('button', { name: 'Before the step' }));
    expect(
      (await within(view).findByRole('img', { name: 'Page before step 2' })).getAttribute('src'),
    ).toMatch(/^\/api\/files\/shot-1\.png/);
    expect(within(view).getByTestId('element-outline')).toHaveStyle({ left: '25%', width: '50%' });
  });

  it('moves the selected step with ↓/↑ and j/k from the list, but not while typing', async () => {
    const { test } = seedTodoTest('passed');
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    await user.click(await stepButton(1));
    const title = (number: number) => within(browserView()).findByText(new RegExp(`^Step ${number} of 4:`));
    expect(await title(1)).toBeInTheDocument();

    await user.keyboard('{ArrowDown}');
    expect(await title(2)).toBeInTheDocument();
    expect(await stepButton(2)).toHaveFocus();
    await user.keyboard('j');
    expect(await title(3)).toBeInTheDocument();
    await user.keyboard('k');
    expect(await title(2)).toBeInTheDocument();
    await user.keyboard('{ArrowUp}');
    expect(await title(1)).toBeInTheDocument();
    expect((await stepButton(1)).getAttribute('aria-expanded')).toBe('true');

    // Typing a step's new instruction: the letters are text.
    await user.click(within((await stepRows())[0]).getByRole('button', { name: 'Edit step' }));
    const field = screen.getByRole('textbox', { name: 'New instruction for step 1' });
    await user.type(field, 'jkj{ArrowDown}');
    expect((field as HTMLInputElement).value).toContain('jkj');
    expect(await title(1)).toBeInTheDocument();

    // Nor in the instructions editor, outside the steps.
    const editor = await within(screen.getByRole('region', { name: 'Instructions' })).findByRole('textbox', {
      name: 'Instructions',
    });
    await user.click(editor);
    await user.keyboard('j{ArrowDown}');
    expect(editor).toHaveTextContent(/j/);
    expect(await title(1)).toBeInTheDocument();
    expect((await stepButton(2)).getAttribute('aria-expanded')).toBe('false');
  });

  it('opens the big view full screen, zooms with + / - / 0, moves between steps with the arrows, closes with Escape', async () => {
    const { test } = seedTodoTest('passed');
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    await user.click(await stepButton(2));
    await within(browserView()).findByRole('img', { name: 'Page after step 2' });
    await user.click(within(browserView()).getByRole('button', { name: 'Enlarge the page after step 2' }));

    const dialog = await screen.findByRole('dialog', { name: /^Step 2 of 4:/ });
    const zoom = within(dialog).getByRole('status', { name: 'Zoom' });
    expect(zoom).toHaveTextContent('Fit');
    expect(await within(dialog).findByRole('img', { name: 'Page after step 2' })).toHaveAttribute(
      'data-zoom',
      'fit',
    );
    await user.keyboard('+');
    expect(zoom).toHaveTextContent('100%');
    await user.keyboard('+');
    expect(zoom).toHaveTextContent('150%');
    expect(within(dialog).getByRole('img', { name: 'Page after step 2' })).toHaveStyle({ width: '1920px' });
    await user.keyboard('-');
    expect(zoom).toHaveTextContent('100%');
    await user.click(within(dialog).getByRole('button', { name: 'Zoom out' }));
    expect(zoom).toHaveTextContent('75%');
    await user.keyboard('0');
    expect(zoom).toHaveTextContent('Fit');

    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('dialog', { name: /^Step 3 of 4:/ })).toBeInTheDocument();
    expect(
      await within(screen.getByRole('dialog')).findByRole('img', { name: 'Page after step 3' }),
    ).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The page behind followed the lightbox.
    expect(within(browserView()).getByText(/^Step 3 of 4:/)).toBeInTheDocument();
    expect((await stepButton(3)).getAttribute('aria-expanded')).toBe('true');
  });
});
