import { describeError } from '../../../api/apiError';
import { t } from '../../../config/locale';
import { notify } from '../../../lib/notify';
import { useRenameTestSuiteMutation } from '../api';
import type { TestSuite } from '../types';
import { SuiteNameDialog } from './SuiteNameDialog';

interface RenameSuiteDialogProps {
  suite: TestSuite | null;
  onClose: () => void;
}

export function RenameSuiteDialog({ suite, onClose }: RenameSuiteDialogProps) {
  const [renameTestSuite] = useRenameTestSuiteMutation();
  const submit = async (name: string) => {
    if (!suite) return true;
    if (name === suite.name) return true;
    const result = await renameTestSuite({ id: suite.id, name });
    if ('error' in result) {
      notify.error(describeError(result.error, t.suites.renameFailed));
      return false;
    }
    notify.success(t.suites.renamed);
    return true;
  };
  return (
    <SuiteNameDialog
      open={suite !== null}
      title="Rename project"
      submitLabel="Rename"
      pendingLabel="Renaming…"
      initialName={suite?.name ?? ''}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
