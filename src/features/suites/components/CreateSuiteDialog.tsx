import { describeError } from '../../../api/apiError';
import { t } from '../../../config/locale';
import { notify } from '../../../lib/notify';
import { useCreateTestSuiteMutation } from '../api';
import { SuiteNameDialog } from './SuiteNameDialog';

interface CreateSuiteDialogProps {
  open: boolean;
  organizationId: string | null;
  onClose: () => void;
  onCreated?: (suiteId: string) => void;
}

export function CreateSuiteDialog({ open, organizationId, onClose, onCreated }: CreateSuiteDialogProps) {
  const [createTestSuite] = useCreateTestSuiteMutation();
  const submit = async (name: string) => {
    const result = await createTestSuite({ name, organizationId: organizationId ?? '' });
    if ('error' in result) {
      notify.error(describeError(result.error, t.suites.createFailed));
      return false;
    }
    notify.success(t.suites.created);
    onCreated?.(result.data.id);
    return true;
  };
  return (
    <SuiteNameDialog
      open={open}
      title="Create project"
      submitLabel="Create"
      pendingLabel="Creating…"
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
