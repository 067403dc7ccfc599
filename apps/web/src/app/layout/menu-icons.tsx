import {
  BellOutlined,
  CalendarOutlined,
  ContactsOutlined,
  DashboardOutlined,
  ExperimentOutlined,
  ScheduleOutlined,
  SettingOutlined,
  SolutionOutlined,
  TeamOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { MenuGroupDef } from '@/lib/routes';

/** The icon of each menu group. */
export const MENU_ICONS: Record<MenuGroupDef['icon'], ReactNode> = {
  dashboard: <DashboardOutlined />,
  bell: <BellOutlined />,
  solution: <SolutionOutlined />,
  schedule: <ScheduleOutlined />,
  contacts: <ContactsOutlined />,
  experiment: <ExperimentOutlined />,
  calendar: <CalendarOutlined />,
  trophy: <TrophyOutlined />,
  team: <TeamOutlined />,
  setting: <SettingOutlined />,
};
