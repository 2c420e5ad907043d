import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { signInAsMemberOf } from '../../../testing/session';
import { ScreenshotLightbox } from './ScreenshotLightbox';

// Screenshots come from the in-memory API (drawn as SVG), so a signed-in session is seeded.
const meta: Meta<typeof ScreenshotLightbox> = {
  title: 'Generation/ScreenshotLightbox',
  component: ScreenshotLightbox,
  parameters: { app: { seed: () => void signInAsMemberOf('Acme') } },
  args: {
    open: true,
    imageId: 'shot-2',
    alt: 'Page after step 2',
    title: 'Step 2 of 4: Fill "Buy milk" into the textbox "What needs to be done?"',
    viewport: { width: 1280, height: 720 },
    onPrevious: () => undefined,
    onNext: () => undefined,
    onClose: () => undefined,
  },
};
export default meta;

type Story = StoryObj<typeof ScreenshotLightbox>;

/** + / - / 0 zoom, ← / → move between steps, Escape closes. */
export const Open: Story = {};
export const LastStep: Story = { args: { onNext: undefined } };
export const NoScreenshot: Story = { args: { imageId: null } };
