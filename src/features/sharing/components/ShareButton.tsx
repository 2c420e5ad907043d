import ShareOutlinedIcon from '@mui/icons-material/ShareOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { ShareDialog } from './ShareDialog';
import type { Permissions } from '../../../app/hooks';

interface ShareButtonProps {
  testCaseId: string;
  testName: string;
  /** The signed-in person's rights (app/hooks.ts usePermissions), for the dialog. */
  permissions: Permissions;
}

/** The test page's Share action: opens the share dialog (SPEC §2: share publicly or privately with a slug). */
export function ShareButton({ testCaseId, testName, permissions }: ShareButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button startIcon={<ShareOutlinedIcon />} onClick={() => setOpen(true)} aria-haspopup="dialog">
        Share
      </Button>
      {/* Mounted only while open: the share state is read when the person asks for it. */}
      {open && (
        <ShareDialog
          open
          testCaseId={testCaseId}
          testName={testName}
          permissions={permissions}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
