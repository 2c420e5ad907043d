import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Formik } from 'formik';
import { exampleScript } from '../messages';
import { ScriptField } from './ScriptField';

const meta: Meta<typeof ScriptField> = {
  title: 'Modules/ScriptField',
  component: ScriptField,
  render: (args) => (
    <Box sx={{ p: 3, maxWidth: 800 }}>
      <Formik initialValues={{ script: exampleScript }} onSubmit={() => undefined}>
        <ScriptField {...args} />
      </Formik>
    </Box>
  ),
  args: { name: 'script', unsafe: [] },
};
export default meta;

type Story = StoryObj<typeof ScriptField>;

export const WithAScript: Story = {};
export const Refused: Story = {
  args: {
    unsafe: [
      {
        line: 6,
        column: 5,
        code: 'page.evaluate("document.cookie")',
        reason: 'page.evaluate is outside the supported subset',
      },
    ],
  },
};
