import { LogOutIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Drawer, DrawerContent, DrawerDescription, DrawerTitle } from '@web/components/ui/drawer';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  name: string;
  role: string;
  studentView: boolean;
  /** The admin's view-mode switch (nothing for a student). */
  viewModeSwitch: ReactNode;
  /** The navigation's links. */
  children: ReactNode;
  signingOut: boolean;
  onSignOut: () => void;
};

/** Below 768px, the signed-in menu: name, role, the admin's view switch, the navigation and Sign Out. Loaded when first opened. */
export default function ShellMenuDrawer({
  open,
  onOpenChange,
  name,
  role,
  studentView,
  viewModeSwitch,
  children,
  signingOut,
  onSignOut,
}: Props) {
  return (
    <Drawer open={open} onOpenChange={onOpenChange}>
      <DrawerContent side="left">
        <div className="border-b p-5 pr-14">
          <DrawerTitle className="text-lg font-semibold leading-tight">{name}</DrawerTitle>
          <DrawerDescription className="mt-1 text-sm text-muted-foreground">{role}</DrawerDescription>
          {studentView && (
            <Badge variant="amber" className="mt-3">
              Student View
            </Badge>
          )}
          {viewModeSwitch}
        </div>
        <nav aria-label="Dashboard" className="flex-1 overflow-y-auto p-3">
          {children}
        </nav>
        <div className="border-t p-4">
          <Button variant="outline" className="w-full" disabled={signingOut} onClick={onSignOut}>
            <LogOutIcon aria-hidden="true" />
            Sign Out
          </Button>
        </div>
      </DrawerContent>
    </Drawer>
  );
}
