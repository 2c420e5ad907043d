import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { StepRow } from '../steps';
import type { RunStep } from '../types';
import { FRAME_WIDTH, Filmstrip, frameHeight } from './Filmstrip';
import { RunScreenshotProvider, type ScreenshotProps } from './RunScreenshot';

// Screenshots as plain images, so the strip is measured without the image API.
const Screenshot = ({ imageId, alt }: ScreenshotProps) => <img src={`/${imageId}.png`} alt={alt} />;

const row = (index: number, state: StepRow['state'] = 'passed'): StepRow => ({
  index,
  description: `Step ${index + 1} words`,
  result: { screenshot_id: `shot-${index}`, action_name: `Action ${index + 1}` } as RunStep,
  state,
});

function Strip({ rows, viewport }: { rows: StepRow[]; viewport: { width: number; height: number } }) {
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <RunScreenshotProvider value={Screenshot}>
      <Filmstrip rows={rows} selected={selected} onSelect={setSelected} viewport={viewport} />
    </RunScreenshotProvider>
  );
}

let scrollIntoView: jest.Mock;
beforeEach(() => {
  scrollIntoView = jest.fn();
  // jsdom lays nothing out and has no scrollIntoView.
  Element.prototype.scrollIntoView = scrollIntoView;
});
afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

describe('Filmstrip', () => {
  it('gives every thumbnail the same size, its height from the viewport', () => {
    render(<Strip rows={[row(0), row(1, 'failed'), row(2)]} viewport={{ width: 1280, height: 720 }} />);
    const frames = screen.getAllByTestId('filmstrip-frame');
    expect(frames).toHaveLength(3);
    for (const frame of frames) {
      expect(frame.style.width).toBe(`${FRAME_WIDTH}px`);
      expect(frame.style.height).toBe(`${Math.round((FRAME_WIDTH * 720) / 1280)}px`);
    }
  });

  it('keeps thumbnails of extreme viewports within bounds', () => {
    expect(frameHeight({ width: 375, height: 812 })).toBeLessThanOrEqual(240);
    expect(frameHeight({ width: 4000, height: 100 })).toBeGreaterThanOrEqual(48);
    expect(frameHeight({ width: 0, height: 0 })).toBe(Math.round((FRAME_WIDTH * 9) / 16));
  });

  it('scrolls the selected frame into view', async () => {
    render(<Strip rows={[row(0), row(1), row(2), row(3)]} viewport={{ width: 1280, height: 720 }} />);
    expect(scrollIntoView).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Step 4: passed' }));
    expect(screen.getByRole('button', { name: 'Step 4: passed' })).toHaveAttribute('aria-pressed', 'true');
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(screen.getByRole('button', { name: 'Step 4: passed' }));
  });

  it('moves along with the arrow keys, scrolling each frame into view', async () => {
    render(<Strip rows={[row(0), row(1), row(2)]} viewport={{ width: 1280, height: 720 }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Step 1: passed' }));
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Step 3: passed' })).toHaveAttribute('aria-pressed', 'true');
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(screen.getByRole('button', { name: 'Step 3: passed' }));
  });
});
