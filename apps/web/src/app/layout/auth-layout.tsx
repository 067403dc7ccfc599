import { Outlet } from 'react-router';
import { BrandMark } from '@/components/brand-logo';
import { PlainIcon } from '@/components/plain-icons';
import { LazyPageAlert } from '@/lib/notify/page-alert-lazy';
import { APP_TITLE } from './root-layout';

/** Sign-in, forgot and reset pages: the brand on the left, the form on the right. Plain HTML: no Ant Design here. */
export function AuthLayout() {
  return (
    <div className="qlcv-auth">
      <aside className="qlcv-auth-brand">
        <div className="qlcv-logo">
          <BrandMark inverted size={36} />
          <span>QLCV</span>
        </div>
        <div>
          <h1>{APP_TITLE}</h1>
          <p>Hệ thống quản lý công việc nội bộ: yêu cầu của khách hàng, quy trình, hợp đồng, nhân sự.</p>
          <ul>
            <li>
              <PlainIcon name="checkCircle" /> Theo dõi yêu cầu quan trắc qua từng bước quy trình
            </li>
            <li>
              <PlainIcon name="checkCircle" /> Giao việc, nhắc hạn và đánh giá KPI
            </li>
            <li>
              <PlainIcon name="checkCircle" /> Nghỉ phép, chấm công và hợp đồng ở một nơi
            </li>
          </ul>
        </div>
        <p className="qlcv-auth-foot">© {new Date().getFullYear()} Công ty Quan trắc & Kỹ thuật</p>
      </aside>
      <main className="qlcv-auth-main">
        <div className="qlcv-auth-card">
          <LazyPageAlert />
          <Outlet />
        </div>
      </main>
    </div>
  );
}
