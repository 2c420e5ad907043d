import { SUITE_NAME_MAX } from '../../../../contract/testSuites';
import { NameDialog } from '../../../components/NameDialog';
import { createSuiteSchema } from '../schemas';

interface SuiteNameDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  pendingLabel: string;
  initialName?: string;
  /** Resolves true when the dialog may close. */
  onSubmit: (name: string) => Promise<boolean>;
  onClose: () => void;
}

/** Names a test suite (create and rename). */
export function SuiteNameDialog(props: SuiteNameDialogProps) {
  return <NameDialog {...props} schema={createSuiteSchema} maxLength={SUITE_NAME_MAX} />;
}
