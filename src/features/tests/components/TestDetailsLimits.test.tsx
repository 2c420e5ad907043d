import { screen, within } from '@testing-library/react';
import { db, seedSuite, seedTestCase } from '../../../testing/msw/db';
import { renderApp } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';

// Issue 11: the test page's name and website fields (EditableName, WebsiteField, InlineEditForm).
function seedTest(name = 'Pay by card') {
  const { organization } = signInAsMemberOf();
  const suite = seedSuite(organization.org_id, 'Shop');
  return seedTestCase(suite, { name, path: 'checkout', website: 'https://shop.example/cart' });
}

const stored = (id: string) => db.testCases.find(({ _id }) => _id === id)!;
const websiteSection = () => screen.getByRole('region', { name: 'Website' });

describe('TestDetails names and websites', () => {
  it('shows a long unbroken name wrapped anywhere and clamped, never widening the page', async () => {
    const longName = 'n'.repeat(200);
    const test = seedTest(longName);
    renderApp(`/test-cases/details/${test._id}`);
    const title = await screen.findByRole('heading', { level: 1, name: longName });
    expect(title).toHaveStyle({ overflowWrap: 'anywhere', overflow: 'hidden' });
    expect(getComputedStyle(title).webkitLineClamp).toBe('3');
  });

  it('counts the name against its limit and keeps a pasted 2,000-character name whole, refusing it', async () => {
    const test = seedTest();
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    await user.click(await screen.findByRole('button', { name: 'Rename test' }));
    const field = screen.getByRole('textbox', { name: 'Test name' });
    expect(screen.getByText('11 / 200')).toBeInTheDocument();
    await user.clear(field);
    await user.paste('n'.repeat(2000));
    expect(field).toHaveValue('n'.repeat(2000));
    expect(screen.getByText('Must be at most 200 characters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(field, '{Enter}');
    expect(stored(test._id).name).toBe('Pay by card');
  });

  it('says what a website typed without a scheme will be saved as, and saves that', async () => {
    const test = seedTest();
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    await user.click(await screen.findByRole('button', { name: 'Change URL' }));
    const field = within(websiteSection()).getByRole('textbox', { name: 'Website URL' });
    await user.clear(field);
    await user.type(field, 'localhost:3112');
    expect(within(websiteSection()).getByText('Will be saved as http://localhost:3112')).toBeInTheDocument();
    await user.type(field, '{Enter}');
    expect(
      await within(websiteSection()).findByRole('link', { name: /http:\/\/localhost:3112/ }),
    ).toBeInTheDocument();
    expect(stored(test._id).website).toBe('http://localhost:3112');
  });
});
