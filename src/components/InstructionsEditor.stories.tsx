import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { useState } from 'react';
import { InstructionsEditor, type InstructionsEditorProps } from './InstructionsEditor';

function Controlled(props: InstructionsEditorProps) {
  const [value, setValue] = useState(props.value);
  return (
    <Box sx={{ p: 3, maxWidth: 800 }}>
      <InstructionsEditor {...props} value={value} onChange={setValue} />
    </Box>
  );
}

const meta: Meta<typeof InstructionsEditor> = {
  title: 'Shared/InstructionsEditor',
  component: InstructionsEditor,
  render: (args) => <Controlled {...args} />,
  args: {
    label: 'Instructions',
    value:
      '<h2>Checkout</h2><p>Log in as <code>{{user}}</code>, add the <strong>red mug</strong> to the cart and pay. See <a href="https://shop.example/help">the help page</a>.</p><ol><li><p>Open the cart</p></li><li><p>Pay by card</p></li></ol>',
    placeholder: 'Describe what the test does, step by step, in plain words.',
  },
};
export default meta;

type Story = StoryObj<typeof InstructionsEditor>;

export const WithContent: Story = {};
export const Empty: Story = { args: { value: '' } };
export const Disabled: Story = { args: { disabled: true } };
export const WithCustomScheme: Story = {
  args: { customSchemes: ['my-app'], helperText: 'my-app:// links are allowed here.' },
};
