import AppsIcon from '@mui/icons-material/Apps';
import AssessmentIcon from '@mui/icons-material/Assessment';
import AssignmentIcon from '@mui/icons-material/Assignment';
import CircleOutlinedIcon from '@mui/icons-material/CircleOutlined';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import FolderIcon from '@mui/icons-material/Folder';
import GroupsIcon from '@mui/icons-material/Groups';
import LinkIcon from '@mui/icons-material/Link';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptIcon from '@mui/icons-material/Receipt';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SettingsIcon from '@mui/icons-material/Settings';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import StoreIcon from '@mui/icons-material/Store';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';

/** Sidebar icon names (as sidebar items store them) to icons; unknown names get a plain dot. */
const icons: Record<string, ComponentType<SvgIconProps>> = {
  apps: AppsIcon,
  assessment: AssessmentIcon,
  assignment: AssignmentIcon,
  dashboard: DashboardIcon,
  description: DescriptionIcon,
  folder: FolderIcon,
  groups: GroupsIcon,
  link: LinkIcon,
  notifications: NotificationsIcon,
  people: PeopleIcon,
  receipt: ReceiptIcon,
  schedule: ScheduleIcon,
  settings: SettingsIcon,
  shopping_cart: ShoppingCartIcon,
  store: StoreIcon,
  support: SupportAgentIcon,
};

export function MenuIcon({ name, folder }: { name: string | null; folder: boolean }) {
  const Icon = (name ? icons[name] : undefined) ?? (folder ? FolderIcon : CircleOutlinedIcon);
  return <Icon fontSize="small" />;
}
