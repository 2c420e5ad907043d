import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { useState } from 'react';
import { seedShopSuite } from '../../../testing/testCases';
import { seedBrowserState, seedModule } from '../../../testing/msw/modules';
import { TestSetupFields } from './TestSetupFields';

let suiteId = '';

function seed() {
  const { suite, tests } = seedShopSuite();
  suiteId = suite.test_suite_id;
  const admin = seedModule(suite, 'Sign in as admin', { test_case_id: tests[0]._id });
  seedModule(suite, 'Accept cookies', {
    module_type: 'python_script',
    defining_py_script: 'page.goto("https://shop.example")',
  });
  seedBrowserState(suite, 'Admin session', { module_id: admin.module_id });
}

function Controlled({ disabled }: { disabled?: boolean }) {
  const [moduleId, setModuleId] = useState<string | null>(null);
  const [browserStateId, setBrowserStateId] = useState<string | null>(null);
  return (
    <Box sx={{ p: 3, maxWidth: 480 }}>
      <TestSetupFields
        suiteId={suiteId}
        moduleId={moduleId}
        browserStateId={browserStateId}
        disabled={disabled}
        onChange={(patch) => {
          if (patch.test_module_id_for_setup !== undefined) setModuleId(patch.test_module_id_for_setup);
          if (patch.browser_state_id !== undefined) setBrowserStateId(patch.browser_state_id);
        }}
      />
    </Box>
  );
}

const meta: Meta<typeof Controlled> = {
  title: 'Modules/TestSetupFields',
  component: Controlled,
  parameters: { app: { seed } },
};
export default meta;

type Story = StoryObj<typeof Controlled>;

export const Choices: Story = {};
export const Disabled: Story = { args: { disabled: true } };
