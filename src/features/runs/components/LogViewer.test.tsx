import { screen, waitFor } from '@testing-library/react';
import { renderWithStore } from '../../../testing/renderWithStore';
import { LogViewer } from './LogViewer';

// The log viewer (SPEC §1): CodeMirror with the fclog and log modes colouring each line by level.

const RUN_LOG = [
  '2026-01-02T10:00:00.120Z INFO run: Run 1b2c (2 steps)',
  '2026-01-02T10:00:00.480Z SUCCESS step: 1. Open the page (312 ms)',
  '2026-01-02T10:00:00.700Z ERROR console: Uncaught TypeError: x is undefined',
  '2026-01-02T10:00:00.705Z WARNING network: 404 GET /favicon.ico',
].join('\n');

/** The classes of the text of each rendered line, e.g. ['cm-log-error', …]. */
function lineClasses(): string[][] {
  const lines = [...document.querySelectorAll('.cm-line')];
  return lines.map((line) => [
    ...new Set(
      [...line.querySelectorAll('span')]
        .flatMap((span) => [...span.classList])
        .filter((name) => name.startsWith('cm-log-')),
    ),
  ]);
}

describe('LogViewer', () => {
  it('colours each run.log line by its level in the log mode, with the time and level word apart', async () => {
    renderWithStore(<LogViewer text={RUN_LOG} mode="log" label="Log of the run" />);
    const editor = await screen.findByRole('textbox', { name: 'Log of the run' });
    expect(editor).toHaveAttribute('data-mode', 'log');
    await waitFor(() => expect(lineClasses()).toHaveLength(4));
    const [info, success, error, warning] = lineClasses();
    expect(info).toEqual(expect.arrayContaining(['cm-log-time', 'cm-log-info', 'cm-log-level-word']));
    expect(success).toContain('cm-log-success');
    expect(error).toContain('cm-log-error');
    expect(warning).toContain('cm-log-warning');
    expect(error).not.toContain('cm-log-success');
    // The message itself carries the line's colour, not only the level word.
    const message = [...document.querySelectorAll('.cm-line')[2].querySelectorAll('span.cm-log-error')]
      .map((span) => span.textContent)
      .join('');
    expect(message).toContain('Uncaught TypeError: x is undefined');
  });

  it('colours free-form lines by the level word they carry in the fclog mode', async () => {
    renderWithStore(
      <LogViewer
        text={'[WARN] cache is cold\nBuild failed: 2 errors\n✓ 12 tests passed\nplain words'}
        mode="fclog"
        label="Console output"
      />,
    );
    await screen.findByRole('textbox', { name: 'Console output' });
    await waitFor(() => expect(document.querySelectorAll('.cm-line')).toHaveLength(4));
    expect(lineClasses()).toEqual([['cm-log-warning'], ['cm-log-error'], ['cm-log-success'], []]);
  });

  it('counts the lines per level and carries its download links', async () => {
    renderWithStore(
      <LogViewer
        text={RUN_LOG}
        mode="log"
        label="Log of the run"
        downloads={[{ label: 'Download log', href: 'data:text/plain,x', filename: 'run.log' }]}
      />,
    );
    expect(await screen.findByText('1 error')).toBeInTheDocument();
    expect(screen.getByText('1 warning')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Download log' });
    expect(link).toHaveAttribute('href', 'data:text/plain,x');
    expect(link).toHaveAttribute('download', 'run.log');
  });
});
