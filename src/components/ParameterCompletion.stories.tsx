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

/** Type `{{` in the editor: the test's variables and the project's secrets are offered by name. */
const meta: Meta<typeof InstructionsEditor> = {
  title: 'Shared/ParameterCompletion',
  component: InstructionsEditor,
  render: (args) => <Controlled {...args} />,
  args: {
    label: 'Instructions',
    value: '<p>Log in as {{user}} with the password </p>',
    placeholder: 'Type {{ for a variable or a secret.',
    parameterNames: [
      { name: 'user', kind: 'variable' },
      { name: 'coupon_code', kind: 'variable' },
      { name: 'SHOP_PASSWORD', kind: 'secret' },
      { name: 'API_TOKEN', kind: 'secret' },
    ],
  },
};
export default meta;

type Story = StoryObj<typeof InstructionsEditor>;

export const VariablesAndSecrets: Story = {};
export const NothingToOffer: Story = { args: { parameterNames: [] } };
