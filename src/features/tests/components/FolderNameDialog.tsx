import { NameDialog } from '../../../components/NameDialog';
import { TEST_CASE_LIMITS } from '../../../../contract/testCases';
import { folderNameSchema } from '../schemas';

interface FolderNameDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  pendingLabel: string;
  initialName?: string;
  /** Where the folder is, shown for context ('' = the top level). */
  parentPath?: string;
  /** Resolves to a sentence to show under the field, or null when the dialog may close. */
  onSubmit: (name: string) => Promise<string | null>;
  onClose: () => void;
}

/** Asks for a folder name (letters, numbers or underscores); Enter submits. */
export function FolderNameDialog({ parentPath = '', onSubmit, ...props }: FolderNameDialogProps) {
  return (
    <NameDialog
      {...props}
      fieldLabel="Folder name"
      description={
        <>
          {parentPath ? (
            <>
              Inside <strong>{parentPath}</strong>.{' '}
            </>
          ) : null}
          Letters, numbers and underscores only.
        </>
      }
      schema={folderNameSchema}
      maxLength={TEST_CASE_LIMITS.folderName}
      onSubmit={async (name) => (await onSubmit(name)) ?? true}
    />
  );
}
