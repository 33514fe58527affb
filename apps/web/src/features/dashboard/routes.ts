// The dashboard's route components, loaded together by the router in one request.
export { DashboardLayout } from './components/DashboardLayout';
export { DashboardPage } from './components/DashboardPage';
