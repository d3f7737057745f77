import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState, type ReactNode } from 'react';
import { hasPermission } from '../auth/session.ts';
import { EmployeeCompensation } from './EmployeeCompensation.tsx';
import { EmployeeDocuments } from './EmployeeDocuments.tsx';
import { EmployeeStoreAccess } from './EmployeeStoreAccess.tsx';

/**
 * The employee edit page's records, as tabs under the form: compensation (only for those who may
 * read pay), documents and temporary access to other stores.
 */
export function EmployeeRecords({ userId, ownStore }: { userId: number; ownStore: number | null }) {
  const tabs: { label: string; panel: ReactNode }[] = [
    ...(hasPermission('read_hr_compensation')
      ? [{ label: 'Compensation', panel: <EmployeeCompensation userId={userId} /> }]
      : []),
    { label: 'Documents', panel: <EmployeeDocuments userId={userId} /> },
    {
      label: 'Store access',
      panel: <EmployeeStoreAccess userId={userId} ownStore={ownStore} />,
    },
  ];
  const [picked, setPicked] = useState(0);
  const chosen = Math.min(picked, tabs.length - 1);
  return (
    <Card>
      <Tabs
        value={chosen}
        onChange={(_event, value: number) => setPicked(value)}
        aria-label="Employee records"
        variant="scrollable"
      >
        {tabs.map((tab, index) => (
          <Tab
            key={tab.label}
            label={tab.label}
            id={`employee-record-tab-${index}`}
            aria-controls={`employee-record-panel-${index}`}
          />
        ))}
      </Tabs>
      <CardContent>
        <Box
          role="tabpanel"
          id={`employee-record-panel-${chosen}`}
          aria-labelledby={`employee-record-tab-${chosen}`}
        >
          {tabs[chosen]?.panel}
        </Box>
      </CardContent>
    </Card>
  );
}
