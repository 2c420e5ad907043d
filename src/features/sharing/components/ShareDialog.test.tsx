import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { seedSuite, seedTestCase } from '../../../testing/msw/db';
import { server } from '../../../testing/msw/server';
import { seedShare, storedShare } from '../../../testing/msw/sharing';
import { renderWithStore } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { messages } from '../messages';
import { deniedMessage, type MemberRole } from '../../../../contract/permissions';
import { permissionsOf } from '../../../app/hooks';
import { ShareButton } from './ShareButton';

function aTest(name = 'Pay by card', role: MemberRole = 'admin') {
  const { organization } = signInAsMemberOf('Acme', role);
  const suite = seedSuite(organization.org_id, 'Shop');
  return { suite, test: seedTestCase(suite, { name }) };
}

async function openDialog(test = aTest().test, role: MemberRole = 'admin') {
  const view = renderWithStore(
    <ShareButton
      testCaseId={test._id}
      testName={test.name}
      permissions={permissionsOf({ role, expert: false })}
    />,
  );
  await view.user.click(screen.getByRole('button', { name: 'Share' }));
  const dialog = await screen.findByRole('dialog', { name: `Share “${test.name}”` });
  await within(dialog).findByRole('form', { name: 'Share settings' });
  return { ...view, dialog, test };
}

const origin = window.location.origin;

describe('ShareDialog', () => {
  it('lets a member share privately but not publicly, saying why (issue 27)', async () => {
    const { dialog } = await openDialog(aTest('Pay by card', 'member').test, 'member');
    expect(within(dialog).getByRole('radio', { name: /^Public/ })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: /^Private/ })).toBeChecked();
    expect(within(dialog).getByText(deniedMessage('sharePublicly', 'member'))).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Share privately' })).toBeEnabled();
  });

  it('keeps a member from saving a public link, and lets them stop sharing it', async () => {
    const { test } = aTest('Pay by card', 'member');
    seedShare(test, { slug: 'pay-by-card', visibility: 'public' });
    const { user, dialog } = await openDialog(test, 'member');
    const slug = within(dialog).getByRole('textbox', { name: 'Link name' });
    await user.type(slug, '-2');
    const save = within(dialog).getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    await user.hover(save.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(deniedMessage('sharePublicly', 'member'));
    expect(within(dialog).getByRole('button', { name: 'Stop sharing' })).toBeEnabled();
  });

  it('shows a viewer the link and nothing to change, saying why', async () => {
    const { test } = aTest('Pay by card', 'viewer');
    seedShare(test, { slug: 'pay-by-card', visibility: 'private' });
    const { dialog } = await openDialog(test, 'viewer');
    expect(within(dialog).getByText(deniedMessage('sharePrivately', 'viewer'))).toBeInTheDocument();
    expect(await within(dialog).findByRole('textbox', { name: 'Link' })).toHaveValue(
      `${origin}/shared/pay-by-card`,
    );
    expect(within(dialog).getByRole('textbox', { name: 'Link name' })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: /^Private/ })).toBeDisabled();
    for (const name of ['Save changes', 'Stop sharing'])
      expect(within(dialog).queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('lets an admin choose a public link', async () => {
    const { dialog } = await openDialog();
    expect(within(dialog).getByRole('radio', { name: /^Public/ })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: /^Public/ })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Share publicly' })).toBeEnabled();
  });

  it('suggests a link name from the test and refuses one that breaks the rules', async () => {
    const { user, dialog, test } = await openDialog();
    const slug = within(dialog).getByRole('textbox', { name: 'Link name' });
    expect(slug).toHaveValue('pay-by-card');

    await user.clear(slug);
    await user.type(slug, 'Pay_By');
    await user.click(within(dialog).getByRole('button', { name: 'Share publicly' }));
    expect(await within(dialog).findByText(messages.slugInvalid)).toBeInTheDocument();
    expect(storedShare(test)).toBeNull();
  });

  it('shares privately, then publicly with a badge to copy', async () => {
    const { user, dialog, test } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: /^Private/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Share privately' }));

    expect(await screen.findByText(messages.published)).toBeInTheDocument();
    expect(await within(dialog).findByRole('textbox', { name: 'Link' })).toHaveValue(
      `${origin}/shared/pay-by-card`,
    );
    expect(storedShare(test)).toMatchObject({ slug: 'pay-by-card', visibility: 'private' });
    expect(
      within(dialog).queryByRole('textbox', { name: 'Status badge (Markdown)' }),
    ).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: /^Public/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const markdown = `[![Plainwright](${origin}/api/shared/pay-by-card/badge.svg)](${origin}/shared/pay-by-card)`;
    expect(await within(dialog).findByRole('textbox', { name: 'Status badge (Markdown)' })).toHaveValue(
      markdown,
    );
    expect(storedShare(test)?.visibility).toBe('public');

    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(dialog).getByRole('button', { name: 'Copy Markdown' }));
    expect(writeText).toHaveBeenCalledWith(markdown);
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenLastCalledWith(`${origin}/shared/pay-by-card`);
  });

  it('says under the field that a link name is taken', async () => {
    const { suite, test } = aTest();
    seedShare(seedTestCase(suite, { name: 'Another test' }), { slug: 'pay-by-card' });
    const { user, dialog } = await openDialog(test);
    await user.click(within(dialog).getByRole('button', { name: 'Share publicly' }));

    const field = within(dialog).getByRole('textbox', { name: 'Link name' });
    expect(await within(dialog).findByText(messages.slugTaken)).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(messages.slugTaken);
    expect(storedShare(test)).toBeNull();
  });

  it("puts a 400's sentence under the field the server names", async () => {
    server.use(
      http.put('/api/test-case/:id/publish', () =>
        HttpResponse.json(
          {
            error: {
              code: 'validation_failed',
              message: 'This link name is reserved',
              details: { fields: { slug: 'invalid' } },
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Share publicly' }));
    expect(await within(dialog).findByText('This link name is reserved')).toBeInTheDocument();
    expect(screen.queryByText('Failed to share test case. Please try again.')).not.toBeInTheDocument();
  });

  it('asks before it stops sharing, then withdraws the link', async () => {
    const { test } = aTest();
    seedShare(test, { slug: 'checkout-flow', visibility: 'public' });
    const { user, dialog } = await openDialog(test);
    expect(within(dialog).getByRole('textbox', { name: 'Link name' })).toHaveValue('checkout-flow');

    await user.click(within(dialog).getByRole('button', { name: 'Stop sharing' }));
    const confirm = await screen.findByRole('dialog', { name: 'Stop sharing this test?' });
    expect(confirm).toHaveTextContent(
      `${origin}/shared/checkout-flow stops working at once, and so does its badge`,
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    expect(storedShare(test)).not.toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Stop sharing' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Stop sharing this test?' })).getByRole('button', {
        name: 'Stop sharing',
      }),
    );
    expect(await screen.findByText(messages.unpublished)).toBeInTheDocument();
    expect(storedShare(test)).toBeNull();
    await waitFor(() =>
      expect(within(dialog).queryByRole('textbox', { name: 'Link' })).not.toBeInTheDocument(),
    );
    expect(await within(dialog).findByRole('button', { name: 'Share publicly' })).toBeEnabled();
  });

  it("shows SPEC's toast when sharing fails", async () => {
    server.use(
      http.put('/api/test-case/:id/publish', () =>
        HttpResponse.json({ error: { code: 'internal', message: 'Internal error' } }, { status: 500 }),
      ),
    );
    const { user, dialog, test } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Share publicly' }));
    expect(await screen.findByText('Failed to share test case. Please try again.')).toBeInTheDocument();
    expect(storedShare(test)).toBeNull();
  });

  it('treats an answer without the published message as a failure (SPEC §7)', async () => {
    server.use(
      http.put('/api/test-case/:id/publish', () => HttpResponse.json({ message: 'Nothing happened' })),
    );
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Share publicly' }));
    expect(await screen.findByText('Failed to share test case. Please try again.')).toBeInTheDocument();
  });
});
