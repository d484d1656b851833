import { Route, Routes } from 'react-router-dom'
import { named, NotFoundPage } from './app-routes'
import { Page } from './page'

/*
 * The admin's routes, under /admin/ (app-routes.tsx draws this for every address there): loaded
 * when an admin address is first opened, with each screen a chunk of its own after it.
 */

const LoginPage = named(() => import('#src/pages/admin/login.tsx'), 'LoginPage')
const ForgotPasswordPage = named(() => import('#src/pages/admin/forgot-password.tsx'), 'ForgotPasswordPage')
const ResetPasswordPage = named(() => import('#src/pages/admin/reset-password.tsx'), 'ResetPasswordPage')
const AdminLayout = named(() => import('#src/features/admin/shell/admin-layout.tsx'), 'AdminLayout')
const DashboardPage = named(() => import('#src/pages/admin/dashboard.tsx'), 'DashboardPage')
const ContentPage = named(() => import('#src/pages/admin/content.tsx'), 'ContentPage')
const BlogResourcesPage = named(() => import('#src/pages/admin/blog-resources.tsx'), 'BlogResourcesPage')
const SubscribersPage = named(() => import('#src/pages/admin/subscribers.tsx'), 'SubscribersPage')
const NewslettersPage = named(() => import('#src/pages/admin/newsletters.tsx'), 'NewslettersPage')
const NewNewsletterPage = named(() => import('#src/pages/admin/newsletter.tsx'), 'NewNewsletterPage')
const NewsletterPage = named(() => import('#src/pages/admin/newsletter.tsx'), 'NewsletterPage')
const UsersPage = named(() => import('#src/pages/admin/users.tsx'), 'UsersPage')
const BookingsPage = named(() => import('#src/pages/admin/bookings.tsx'), 'BookingsPage')
const AvailabilityPage = named(() => import('#src/pages/admin/availability.tsx'), 'AvailabilityPage')
const AccountPage = named(() => import('#src/pages/admin/account.tsx'), 'AccountPage')
const ActivityPage = named(() => import('#src/pages/admin/activity.tsx'), 'ActivityPage')
const MediaPage = named(() => import('#src/pages/admin/media.tsx'), 'MediaPage')

export function AdminRoutes() {
  return (
    <Routes>
      <Route path="login" element={<Page component={LoginPage} />} />
      <Route path="forgot-password" element={<Page component={ForgotPasswordPage} />} />
      <Route path="reset-password" element={<Page component={ResetPasswordPage} />} />
      <Route element={<Page component={AdminLayout} />}>
        <Route index element={<Page component={DashboardPage} />} />
        <Route path="content" element={<Page component={ContentPage} />} />
        <Route path="blog-resources" element={<Page component={BlogResourcesPage} />} />
        <Route path="media" element={<Page component={MediaPage} />} />
        <Route path="subscribers" element={<Page component={SubscribersPage} />} />
        <Route path="newsletters" element={<Page component={NewslettersPage} />} />
        <Route path="newsletters/new" element={<Page component={NewNewsletterPage} />} />
        <Route path="newsletters/:id" element={<Page component={NewsletterPage} />} />
        <Route path="users" element={<Page component={UsersPage} />} />
        <Route path="bookings" element={<Page component={BookingsPage} />} />
        <Route path="availability" element={<Page component={AvailabilityPage} />} />
        <Route path="account" element={<Page component={AccountPage} />} />
        <Route path="activity" element={<Page component={ActivityPage} />} />
        <Route path="*" element={<Page component={NotFoundPage} />} />
      </Route>
    </Routes>
  )
}
