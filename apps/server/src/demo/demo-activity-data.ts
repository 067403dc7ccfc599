import type { CustomerContact } from '@qlcv/common/schemas/customers';
import type { Priority } from '@qlcv/common/schemas/requests';

// What the demo company has done over its last four months (demo-activity.ts plays it through the services): its
// customers, their requests and where each one stands, and the works outside any process. People are named by
// username (demo.ts), request types by code (demo-processes.ts). `daysAgo` is when a thing began, counted back from
// the moment the demo is loaded; the times in between follow from the steps' durations and office hours. In the texts,
// {tháng}, {quý}, {quý trước}, {năm} and {năm sau} are those of the day the record was created.

/** A customer the staff entered (the accountants keep the customer records). */
export interface DemoCustomer {
  key: string;
  by: string;
  type: 'organization' | 'individual';
  name: string;
  tax_code?: string;
  representative?: string;
  representative_title?: string;
  phone: string;
  email?: string;
  street?: string;
  ward?: string;
  province: string;
  /** The first one writes the customer's requests: a person with a mobile. */
  contacts: CustomerContact[];
  notes?: string;
}

/** Someone who wrote through the public page; their customer record is made from it. */
export interface DemoVisitor {
  name: string;
  mobile: string;
  email?: string;
  organization?: string;
  address?: string;
  /** What an accountant adds to the customer record once the request has been received. */
  profile?: {
    tax_code?: string;
    representative?: string;
    representative_title?: string;
    street?: string;
    ward?: string;
    province: string;
  };
}

export type DemoEnd =
  | { status: 'new' }
  | { status: 'received' }
  /** The steps before `step` are done; its work is under way. */
  | { status: 'in_progress'; step: number; progress: number }
  | { status: 'on_hold'; step: number; reason: string }
  /** `result`: what the customer reads on the public result page. */
  | { status: 'completed'; result: string }
  | { status: 'rejected'; reason: string; received?: boolean }
  /** `step`: cancelled while that step's work was under way; none: before it was received. */
  | { status: 'cancelled'; reason: string; step?: number };

export interface DemoRequest {
  type: 'QTMT-DK' | 'PT-MAU' | 'LD-TRAM' | 'BC-DTM' | 'BC-GPMT';
  /** A staff request for this customer (DEMO_CUSTOMERS key)… */
  customer?: string;
  /** …or one sent through the public page. */
  visitor?: DemoVisitor;
  /** Who entered a staff request: the sales head unless said. */
  by?: string;
  title: string;
  content: string;
  priority?: Priority;
  /** When it was created; for a running request, roughly: its current work arrives a part of its SLA ago. */
  daysAgo: number;
  end: DemoEnd;
  /** Steps finished after their SLA; the step a running request stands at, overdue now. */
  late?: number[];
  /** This step's work sends the request back once to the step before it. */
  sentBack?: { step: number; reason: string };
}

export interface DemoWork {
  title: string;
  description: string;
  by: string;
  assignee: string;
  participants?: string[];
  priority?: Priority;
  daysAgo: number;
  /** The deadline: the end of the day this many days after it was created. */
  days: number;
  end:
    | { status: 'todo' }
    | { status: 'in_progress'; progress: number }
    | { status: 'on_hold'; reason: string }
    | { status: 'done'; result: string }
    | { status: 'cancelled'; reason: string };
  /** [username, text], written while the work runs. */
  comments?: [string, string][];
}

export const DEMO_CUSTOMERS: DemoCustomer[] = [
  {
    key: 'xanh',
    by: 'lan.vt',
    type: 'organization',
    name: 'Công ty TNHH Môi trường Xanh',
    tax_code: '0106789235',
    representative: 'Nguyễn Đức Thắng',
    representative_title: 'Giám đốc',
    phone: '02437561234',
    email: 'lienhe@moitruongxanh.vn',
    street: 'Số 25 Nguyễn Khang',
    ward: 'Phường Yên Hòa',
    province: 'Hà Nội',
    contacts: [
      { name: 'Trần Thu Trang', title: 'Trưởng phòng Kỹ thuật', phone: '0912468135', email: 'trang.tt@moitruongxanh.vn' },
    ],
    notes: 'Vận hành trạm xử lý nước thải của ba khu đô thị; quan trắc định kỳ theo quý.',
  },
  {
    key: 'bia-hd',
    by: 'lan.vt',
    type: 'organization',
    name: 'Nhà máy Bia Hà Nội – Hải Dương',
    tax_code: '0800345678',
    representative: 'Phạm Văn Long',
    representative_title: 'Giám đốc nhà máy',
    phone: '02203851234',
    email: 'moitruong@biahaiduong.vn',
    street: 'Km 50 Quốc lộ 5',
    province: 'Hải Phòng',
    contacts: [{ name: 'Vũ Thị Hằng', title: 'Cán bộ môi trường', phone: '0983215478', email: 'hang.vt@biahaiduong.vn' }],
    notes: 'Giấy phép môi trường: nước thải 3 tháng/lần, khí thải lò hơi 6 tháng/lần.',
  },
  {
    key: 'que-vo',
    by: 'anh.btn',
    type: 'organization',
    name: 'Khu công nghiệp Quế Võ',
    tax_code: '2300278913',
    representative: 'Nguyễn Hữu Trí',
    representative_title: 'Trưởng ban quản lý hạ tầng',
    phone: '02223634567',
    email: 'hatang@kcnquevo.vn',
    street: 'Đường YP1, KCN Quế Võ',
    ward: 'Phường Quế Võ',
    province: 'Bắc Ninh',
    contacts: [
      { name: 'Đào Văn Hải', title: 'Phụ trách trạm XLNT tập trung', phone: '0904317726', email: 'hai.dv@kcnquevo.vn' },
      { name: 'Lê Thị Mến', title: 'Nhân viên hành chính', phone: '0357182934', email: null },
    ],
    notes: 'Trạm XLNT tập trung 6.000 m³/ngày đêm, đã có trạm quan trắc tự động.',
  },
  {
    key: 'pho-hien',
    by: 'anh.btn',
    type: 'organization',
    name: 'Công ty CP Dệt nhuộm Phố Hiến',
    tax_code: '0900456172',
    representative: 'Trần Quốc Việt',
    representative_title: 'Tổng Giám đốc',
    phone: '02213862345',
    email: 'info@detnhuomphohien.vn',
    street: 'KCN Phố Nối A',
    ward: 'Phường Mỹ Hào',
    province: 'Hưng Yên',
    contacts: [{ name: 'Nguyễn Thị Lụa', title: 'Trưởng phòng HSE', phone: '0965321847', email: 'lua.nt@detnhuomphohien.vn' }],
  },
  {
    key: 'sao-mai',
    by: 'nam.hv',
    type: 'organization',
    name: 'Công ty TNHH Thực phẩm Sao Mai',
    tax_code: '4600812345',
    representative: 'Hoàng Minh Sơn',
    representative_title: 'Giám đốc',
    phone: '0913452678',
    email: 'saomaifood@gmail.com',
    street: 'Lô A7, KCN Yên Bình',
    ward: 'Phường Phổ Yên',
    province: 'Thái Nguyên',
    contacts: [{ name: 'Đặng Thị Ngân', title: 'Quản lý chất lượng', phone: '0978123564', email: 'ngan.dt@saomaifood.vn' }],
  },
  {
    key: 'bai-chay',
    by: 'nam.hv',
    type: 'organization',
    name: 'Công ty CP Vật liệu xây dựng Bãi Cháy',
    tax_code: '5700534126',
    representative: 'Lưu Văn Hòa',
    representative_title: 'Giám đốc',
    phone: '02033846123',
    email: 'vlxdbaichay@vnn.vn',
    street: 'Số 8 đường Hạ Long',
    ward: 'Phường Bãi Cháy',
    province: 'Quảng Ninh',
    contacts: [{ name: 'Bùi Văn Toàn', title: 'Quản đốc phân xưởng lò nung', phone: '0388456712', email: null }],
  },
  {
    key: 'hong-phuc',
    by: 'lan.vt',
    type: 'organization',
    name: 'Bệnh viện Đa khoa Hồng Phúc',
    tax_code: '0105987412',
    representative: 'Trịnh Thị Minh',
    representative_title: 'Giám đốc bệnh viện',
    phone: '02433556789',
    email: 'hanhchinh@bvhongphuc.vn',
    street: 'Số 120 Quang Trung',
    ward: 'Phường Hà Đông',
    province: 'Hà Nội',
    contacts: [
      { name: 'Ngô Văn Khải', title: 'Trưởng phòng Hành chính quản trị', phone: '0936552418', email: 'khai.nv@bvhongphuc.vn' },
    ],
    notes: 'Nước thải y tế: quan trắc 3 tháng/lần, có chỉ tiêu vi sinh.',
  },
  {
    key: 'phuc-yen',
    by: 'anh.btn',
    type: 'organization',
    name: 'Công ty TNHH Linh kiện Điện tử Phúc Yên',
    tax_code: '2500612873',
    representative: 'Kim Sung Ho',
    representative_title: 'Tổng Giám đốc',
    phone: '02113872456',
    email: 'ehs@phucyen-elec.com',
    street: 'Lô C2, KCN Bình Xuyên',
    province: 'Phú Thọ',
    contacts: [{ name: 'Nguyễn Văn Tùng', title: 'Kỹ sư EHS', phone: '0974683125', email: 'tung.nv@phucyen-elec.com' }],
  },
  {
    key: 'song-lo',
    by: 'nam.hv',
    type: 'organization',
    name: 'Công ty CP Bao bì Giấy Sông Lô',
    tax_code: '2600387451',
    representative: 'Đỗ Văn Khánh',
    representative_title: 'Giám đốc',
    phone: '02103845612',
    email: 'baobisonglo@gmail.com',
    street: 'Cụm công nghiệp Bạch Hạc',
    province: 'Phú Thọ',
    contacts: [{ name: 'Hà Thị Loan', title: 'Phụ trách môi trường', phone: '0945271863', email: null }],
  },
  {
    key: 'nghi-son',
    by: 'lan.vt',
    type: 'organization',
    name: 'Công ty TNHH Thép Nghi Sơn Phát',
    tax_code: '2801567234',
    representative: 'Lê Văn Cường',
    representative_title: 'Phó Tổng Giám đốc',
    phone: '02373612458',
    email: 'moitruong@thepnghisonphat.vn',
    street: 'Khu kinh tế Nghi Sơn',
    province: 'Thanh Hóa',
    contacts: [
      {
        name: 'Mai Xuân Trường',
        title: 'Trưởng phòng An toàn – Môi trường',
        phone: '0912873645',
        email: 'truong.mx@thepnghisonphat.vn',
      },
    ],
  },
  {
    key: 'cuu-long',
    by: 'anh.btn',
    type: 'organization',
    name: 'Công ty CP Thủy sản Cửu Long Xanh',
    tax_code: '1800723456',
    representative: 'Huỳnh Văn Tâm',
    representative_title: 'Giám đốc',
    phone: '02923841567',
    email: 'info@cuulongxanh.vn',
    street: 'KCN Trà Nóc 2',
    province: 'Cần Thơ',
    contacts: [{ name: 'Trần Thị Bé Năm', title: 'Phụ trách môi trường', phone: '0907345128', email: null }],
  },
  {
    key: 'tran-bien',
    by: 'nam.hv',
    type: 'organization',
    name: 'Công ty TNHH Chế biến Gỗ Trấn Biên',
    tax_code: '3601245789',
    representative: 'Phan Văn Lộc',
    representative_title: 'Giám đốc',
    phone: '02513827456',
    email: 'gotranbien@gmail.com',
    street: 'Đường số 7, KCN Biên Hòa 2',
    ward: 'Phường Trấn Biên',
    province: 'Đồng Nai',
    contacts: [{ name: 'Lâm Thị Thu', title: 'Trợ lý giám đốc', phone: '0918452376', email: 'thu.lt@gotranbien.vn' }],
  },
  {
    key: 'minh-tam',
    by: 'lan.vt',
    type: 'organization',
    name: 'Công ty CP Dược phẩm Minh Tâm',
    tax_code: '0107356812',
    representative: 'Nguyễn Thị Minh Tâm',
    representative_title: 'Chủ tịch HĐQT kiêm Giám đốc',
    phone: '02438183456',
    email: 'contact@duocminhtam.vn',
    street: 'Lô 45, KCN Quang Minh',
    ward: 'Xã Quang Minh',
    province: 'Hà Nội',
    contacts: [{ name: 'Phạm Quốc Anh', title: 'Trưởng phòng Kỹ thuật', phone: '0963528174', email: 'anh.pq@duocminhtam.vn' }],
  },
  {
    key: 'dong-anh',
    by: 'mai.tt',
    type: 'organization',
    name: 'Công ty CP Đầu tư Khu đô thị Đông Anh Xanh',
    tax_code: '0109234567',
    representative: 'Vương Đình Nam',
    representative_title: 'Tổng Giám đốc',
    phone: '02439651234',
    email: 'duan@donganhxanh.vn',
    street: 'Số 2 đường Cao Lỗ',
    ward: 'Xã Đông Anh',
    province: 'Hà Nội',
    contacts: [{ name: 'Trương Thị Hồng', title: 'Phó Ban quản lý dự án', phone: '0989564213', email: 'hong.tt@donganhxanh.vn' }],
    notes: 'Chủ đầu tư khu đô thị sinh thái 86 ha; tư vấn ĐTM và giấy phép môi trường.',
  },
  {
    key: 'tan-thuan',
    by: 'anh.btn',
    type: 'organization',
    name: 'Công ty TNHH Nhựa Tân Thuận',
    tax_code: '0301987654',
    representative: 'Lý Minh Khôi',
    representative_title: 'Giám đốc',
    phone: '02837701234',
    email: 'nhuatanthuan@gmail.com',
    street: 'Lô K12, KCX Tân Thuận',
    ward: 'Phường Tân Thuận',
    province: 'Hồ Chí Minh',
    contacts: [
      { name: 'Võ Thị Kim Ngân', title: 'Chuyên viên môi trường', phone: '0932478156', email: 'ngan.vtk@nhuatanthuan.vn' },
    ],
  },
  {
    key: 'tay-ninh',
    by: 'nam.hv',
    type: 'organization',
    name: 'Công ty TNHH Tinh bột sắn Tây Ninh Phát',
    tax_code: '3901284567',
    representative: 'Nguyễn Văn Tới',
    representative_title: 'Giám đốc',
    phone: '02763845126',
    email: 'tinhbotsantn@gmail.com',
    street: 'Ấp Trà Võ',
    province: 'Tây Ninh',
    contacts: [{ name: 'Đoàn Thị Mỹ', title: 'Kế toán', phone: '0377215486', email: null }],
  },
  {
    key: 'hoa-khanh',
    by: 'lan.vt',
    type: 'organization',
    name: 'Công ty TNHH Xử lý chất thải Hòa Khánh',
    tax_code: '0401678923',
    representative: 'Trần Đình Phong',
    representative_title: 'Giám đốc',
    phone: '02363734567',
    email: 'info@xlcthoakhanh.vn',
    street: 'Đường số 3, KCN Hòa Khánh',
    ward: 'Phường Hòa Khánh',
    province: 'Đà Nẵng',
    contacts: [
      { name: 'Lê Công Danh', title: 'Trưởng ca vận hành lò đốt', phone: '0905637281', email: 'danh.lc@xlcthoakhanh.vn' },
    ],
    notes: 'Lò đốt chất thải công nghiệp và nguy hại: khí thải quan trắc 3 tháng/lần, có dioxin/furan.',
  },
  {
    key: 'hoa',
    by: 'nam.hv',
    type: 'individual',
    name: 'Phạm Thị Hoa',
    phone: '0868234157',
    street: 'Thôn Đồng Tâm',
    province: 'Hưng Yên',
    contacts: [{ name: 'Phạm Thị Hoa', title: 'Chủ trang trại rau hữu cơ', phone: '0868234157', email: null }],
    notes: 'Cần phân tích đất và nước tưới để xin chứng nhận VietGAP.',
  },
  {
    key: 'huy',
    by: 'anh.btn',
    type: 'individual',
    name: 'Đỗ Quang Huy',
    phone: '0387126459',
    email: 'huydq.dogo@gmail.com',
    street: 'Làng nghề gỗ Đồng Kỵ',
    province: 'Bắc Ninh',
    contacts: [{ name: 'Đỗ Quang Huy', title: 'Chủ cơ sở sản xuất đồ gỗ', phone: '0387126459', email: 'huydq.dogo@gmail.com' }],
  },
];

const THANH_HA: DemoVisitor = {
  name: 'Nguyễn Thị Thanh Hà',
  mobile: '0983746215',
  email: 'thanhha.nguyen82@gmail.com',
  address: 'Số 7 ngõ 165 Cầu Giấy, Hà Nội',
};
const BINH: DemoVisitor = { name: 'Trần Văn Bình', mobile: '0866513742', address: 'Thôn Phú Mỹ, xã Phú Xuyên, Hà Nội' };
const QUAN: DemoVisitor = {
  name: 'Lê Minh Quân',
  mobile: '0705218364',
  email: 'quan.leminh@gmail.com',
  address: 'Số 12 đường Trần Hưng Đạo, Đà Lạt, Lâm Đồng',
};
const HOANG_GIA: DemoVisitor = {
  name: 'Phạm Thu Thủy',
  mobile: '0399487162',
  email: 'thuy.pt@hoanggiahotel.vn',
  organization: 'Khách sạn Hoàng Gia Bãi Cháy',
  address: 'Số 15 đường Hạ Long, Bãi Cháy, Quảng Ninh',
};

/** 60 requests: every status, every type, a third of them from the public page. */
export const DEMO_REQUESTS: DemoRequest[] = [
  // ---- completed ------------------------------------------------------------------------------------------------
  {
    type: 'QTMT-DK',
    customer: 'xanh',
    title: 'Quan trắc nước thải trạm XLNT Khu đô thị Việt Hưng – {quý}',
    content: 'Quan trắc nước thải đầu vào, đầu ra trạm XLNT theo giấy phép môi trường: 11 thông số, 2 vị trí.',
    daysAgo: 118,
    end: {
      status: 'completed',
      result:
        'Nước thải đầu ra {quý}: 11/11 thông số đạt giới hạn cho phép theo giấy phép môi trường. Báo cáo kết quả đã gửi qua e-mail và bưu điện.',
    },
  },
  {
    type: 'QTMT-DK',
    customer: 'bia-hd',
    title: 'Quan trắc nước thải và khí thải lò hơi – đợt 3/{năm}',
    content: 'Nước thải sau hệ thống xử lý (12 thông số) và khí thải lò hơi đốt than 10 tấn hơi/giờ (bụi, SO2, NOx, CO).',
    daysAgo: 115,
    late: [3],
    end: {
      status: 'completed',
      result:
        'Nước thải: 12/12 thông số đạt giới hạn theo giấy phép môi trường. Khí thải lò hơi: bụi, SO2, NOx, CO đều đạt. Báo cáo đợt 3/{năm} đã gửi nhà máy.',
    },
  },
  {
    type: 'QTMT-DK',
    customer: 'que-vo',
    title: 'Quan trắc nước thải trạm XLNT tập trung – {tháng}',
    content: 'Quan trắc đối chứng nước thải đầu vào, đầu ra trạm XLNT tập trung 6.000 m³/ngày đêm.',
    priority: 'high',
    daysAgo: 110,
    end: {
      status: 'completed',
      result:
        'Nước thải đầu ra {tháng} đạt giới hạn cho phép; amoni đầu vào cao hơn tháng trước 18 %, đề nghị theo dõi các doanh nghiệp thứ cấp.',
    },
  },
  {
    type: 'PT-MAU',
    visitor: THANH_HA,
    title: 'Phân tích mẫu nước giếng khoan gia đình',
    content:
      'Nhà tôi dùng nước giếng khoan sâu 40 m cho sinh hoạt, nước có mùi tanh và để lâu bị vàng. Nhờ công ty lấy mẫu và phân tích xem có dùng để ăn uống được không.',
    daysAgo: 108,
    end: {
      status: 'completed',
      result:
        'Nước giếng có sắt (1,8 mg/L) và mangan (0,42 mg/L) vượt giới hạn của quy chuẩn nước sinh hoạt; vi sinh, asen, amoni đạt. Nên lắp bộ lọc khử sắt – mangan trước khi dùng cho ăn uống.',
    },
  },
  {
    type: 'LD-TRAM',
    customer: 'pho-hien',
    title: 'Lắp đặt trạm quan trắc nước thải tự động 1.500 m³/ngày đêm',
    content:
      'Lắp đặt trạm quan trắc nước thải tự động, liên tục (pH, nhiệt độ, TSS, COD, màu, lưu lượng) và truyền dữ liệu về Sở Nông nghiệp và Môi trường.',
    priority: 'high',
    daysAgo: 104,
    end: {
      status: 'completed',
      result:
        'Trạm quan trắc nước thải tự động (pH, nhiệt độ, TSS, COD, màu, lưu lượng) đã nghiệm thu và truyền dữ liệu ổn định về Sở Nông nghiệp và Môi trường.',
    },
  },
  {
    type: 'QTMT-DK',
    customer: 'hong-phuc',
    title: 'Quan trắc nước thải y tế {quý}',
    content: 'Nước thải sau hệ thống xử lý của bệnh viện, có chỉ tiêu vi sinh (coliform, Salmonella, Shigella, Vibrio cholerae).',
    daysAgo: 99,
    end: {
      status: 'completed',
      result:
        'Nước thải y tế {quý}: các thông số đạt; coliform, Salmonella không phát hiện sau khử trùng. Báo cáo đã gửi phòng Hành chính quản trị.',
    },
  },
  {
    type: 'BC-DTM',
    customer: 'dong-anh',
    by: 'hung.nv',
    title: 'Lập báo cáo ĐTM dự án Khu đô thị sinh thái Đông Anh Xanh – giai đoạn 2',
    content:
      'Tư vấn lập báo cáo đánh giá tác động môi trường cho giai đoạn 2 (42 ha) của dự án, gồm khảo sát môi trường nền, tham vấn cộng đồng và hỗ trợ thẩm định.',
    priority: 'high',
    daysAgo: 96,
    sentBack: { step: 4, reason: 'Thiếu kết quả phân tích nước ngầm tại giếng GW2, đề nghị phân tích bổ sung.' },
    end: {
      status: 'completed',
      result:
        'Báo cáo ĐTM đã chỉnh sửa theo ý kiến hội đồng thẩm định và nộp bản hoàn chỉnh; đã bàn giao 07 bộ báo cáo và bản điện tử cho chủ dự án.',
    },
  },
  {
    type: 'QTMT-DK',
    visitor: {
      name: 'Nguyễn Thành Công',
      mobile: '0914236587',
      email: 'congnt@giatlaanhduong.vn',
      organization: 'Công ty TNHH Giặt là Công nghiệp Ánh Dương',
      address: 'Số 18 ngõ 92 Nguyễn Khánh Toàn, Hà Nội',
      profile: {
        tax_code: '0108456123',
        representative: 'Nguyễn Thành Công',
        representative_title: 'Giám đốc',
        street: 'Số 18 ngõ 92 Nguyễn Khánh Toàn',
        ward: 'Phường Cầu Giấy',
        province: 'Hà Nội',
      },
    },
    title: 'Quan trắc nước thải xưởng giặt là công nghiệp',
    content:
      'Xưởng giặt công suất 3 tấn đồ/ngày cho các khách sạn, cần quan trắc nước thải để làm hồ sơ môi trường. Đề nghị báo giá và lịch lấy mẫu.',
    daysAgo: 82,
    end: {
      status: 'completed',
      result:
        'Nước thải xưởng giặt: pH, TSS, COD đạt; chất hoạt động bề mặt 6,2 mg/L vượt giới hạn, đề nghị bổ sung bể tách bọt trước khi xả.',
    },
  },
  {
    type: 'PT-MAU',
    customer: 'sao-mai',
    title: 'Phân tích chất lượng nước cấp cho dây chuyền chế biến',
    content: 'Phân tích 21 chỉ tiêu lý hóa và vi sinh của nước cấp sau hệ thống lọc RO, phục vụ đánh giá HACCP.',
    daysAgo: 70,
    end: { status: 'completed', result: 'Nước cấp cho sản xuất đạt yêu cầu với 21/21 chỉ tiêu lý hóa và vi sinh.' },
  },
  {
    type: 'QTMT-DK',
    customer: 'bai-chay',
    title: 'Quan trắc khí thải lò nung tuynel và bụi khu vực nghiền',
    content: 'Khí thải 2 ống khói lò nung tuynel (bụi tổng, SO2, NOx, CO, HF) và bụi khu vực nghiền nguyên liệu.',
    daysAgo: 84,
    sentBack: { step: 3, reason: 'Mẫu bụi tổng tại ống khói số 2 không đạt thể tích hút tối thiểu, đề nghị lấy lại mẫu.' },
    end: {
      status: 'completed',
      result:
        'Khí thải lò nung: bụi tổng, SO2, NOx, CO, HF đạt giới hạn cho phép; bụi khu vực nghiền vượt 1,2 lần, đề nghị kiểm tra hệ thống lọc bụi túi vải.',
    },
  },
  {
    type: 'QTMT-DK',
    customer: 'minh-tam',
    title: 'Quan trắc nước thải sản xuất và khí thải lò hơi {quý}',
    content: 'Nước thải sau xử lý của nhà máy sản xuất thuốc viên và khí thải lò hơi đốt dầu DO.',
    daysAgo: 79,
    end: {
      status: 'completed',
      result: 'Nước thải sản xuất và khí thải lò hơi {quý} đạt giới hạn cho phép theo giấy phép môi trường.',
    },
  },
  {
    type: 'PT-MAU',
    visitor: BINH,
    title: 'Phân tích nước thải cơ sở chế biến đậu phụ',
    content:
      'Cơ sở làm đậu phụ của gia đình, mỗi ngày xả khoảng 5 m³ nước ra mương. Xã yêu cầu có kết quả phân tích nước thải, nhờ công ty lấy mẫu giúp.',
    daysAgo: 75,
    end: {
      status: 'completed',
      result:
        'Nước thải có BOD5 820 mg/L, COD 1.350 mg/L, vượt nhiều lần giới hạn xả thải. Đề nghị xây bể biogas và bể lắng trước khi xả ra mương.',
    },
  },
  {
    type: 'BC-GPMT',
    customer: 'nghi-son',
    title: 'Lập hồ sơ đề nghị cấp giấy phép môi trường cho dây chuyền cán thép số 2',
    content: 'Lập hồ sơ đề nghị cấp giấy phép môi trường thành phần khí thải và nước thải cho dây chuyền cán thép số 2.',
    priority: 'high',
    daysAgo: 72,
    end: {
      status: 'completed',
      result:
        'Hồ sơ đề nghị cấp giấy phép môi trường đã hoàn thiện theo ý kiến thẩm định và nộp cơ quan cấp phép; đã bàn giao 05 bộ hồ sơ và bản điện tử.',
    },
  },
  {
    type: 'QTMT-DK',
    customer: 'tan-thuan',
    title: 'Quan trắc nước thải và khí thải máy ép nhựa {quý}',
    content: 'Nước thải sinh hoạt – sản xuất sau xử lý và khí thải khu vực máy ép (hơi VOC, bụi).',
    daysAgo: 44,
    late: [2],
    end: {
      status: 'completed',
      result:
        'Nước thải và khí thải {quý} đạt giới hạn cho phép; hơi VOC tại máy ép số 3 ở mức 78 % giới hạn, đề nghị bảo dưỡng chụp hút.',
    },
  },
  {
    type: 'LD-TRAM',
    customer: 'phuc-yen',
    title: 'Lắp đặt hệ thống quan trắc khí thải tự động ống khói lò hơi',
    content: 'Lắp đặt hệ thống CEMS (bụi, SO2, NOx, CO, O2, lưu lượng, nhiệt độ) cho ống khói lò hơi 15 tấn hơi/giờ.',
    priority: 'high',
    daysAgo: 50,
    late: [3],
    end: {
      status: 'completed',
      result:
        'Hệ thống quan trắc khí thải tự động (bụi, SO2, NOx, CO, O2, lưu lượng, nhiệt độ) đã nghiệm thu và truyền dữ liệu liên tục về Sở Nông nghiệp và Môi trường.',
    },
  },
  {
    type: 'QTMT-DK',
    customer: 'hoa-khanh',
    title: 'Quan trắc khí thải lò đốt chất thải công nghiệp – đợt 3/{năm}',
    content: 'Khí thải lò đốt 500 kg/giờ: bụi, HCl, CO, SO2, NOx, kim loại nặng và tổng dioxin/furan.',
    priority: 'urgent',
    daysAgo: 36,
    end: {
      status: 'completed',
      result: 'Khí thải lò đốt đợt 3/{năm}: bụi, HCl, CO, SO2, NOx đạt; tổng dioxin/furan 0,08 ng-TEQ/Nm³, đạt giới hạn.',
    },
  },
  {
    type: 'PT-MAU',
    visitor: QUAN,
    title: 'Kiểm tra chất lượng nước giếng cho homestay',
    content: 'Homestay 8 phòng dùng nước giếng đào, cần kết quả phân tích để đăng ký kinh doanh lưu trú.',
    daysAgo: 31,
    end: {
      status: 'completed',
      result:
        'Nước giếng đạt các chỉ tiêu lý hóa; phát hiện coliform 12 CFU/100 mL, đề nghị khử trùng giếng và lắp đèn UV trước khi dùng cho khách lưu trú.',
    },
  },
  {
    type: 'PT-MAU',
    customer: 'cuu-long',
    title: 'Phân tích bùn thải hệ thống XLNT xác định ngưỡng chất thải nguy hại',
    content: 'Lấy mẫu bùn sau máy ép bùn, phân tích kim loại nặng và các thành phần nguy hại theo ngưỡng chất thải nguy hại.',
    daysAgo: 26,
    end: {
      status: 'completed',
      result:
        'Bùn thải của hệ thống XLNT không vượt ngưỡng chất thải nguy hại; có thể quản lý như chất thải rắn công nghiệp thông thường.',
    },
  },
  {
    type: 'PT-MAU',
    customer: 'xanh',
    title: 'Phân tích mẫu nước mặt hồ điều hòa Khu đô thị Việt Hưng',
    content: 'Cư dân phản ánh nước hồ có mùi, đề nghị lấy mẫu 3 vị trí và phân tích DO, BOD5, amoni, phosphat, tảo.',
    priority: 'high',
    daysAgo: 20,
    end: {
      status: 'completed',
      result: 'Nước hồ điều hòa có DO thấp (3,1 mg/L) và amoni 1,2 mg/L, nguy cơ phú dưỡng; các chỉ tiêu khác đạt.',
    },
  },
  {
    type: 'QTMT-DK',
    customer: 'que-vo',
    title: 'Quan trắc nước thải trạm XLNT tập trung – {tháng}',
    content: 'Quan trắc đối chứng nước thải đầu vào, đầu ra và so sánh với dữ liệu trạm quan trắc tự động.',
    priority: 'high',
    daysAgo: 27,
    end: {
      status: 'completed',
      result:
        'Nước thải đầu ra {tháng} đạt giới hạn cho phép; kết quả khớp với dữ liệu trạm quan trắc tự động (sai khác COD dưới 8 %).',
    },
  },

  // ---- rejected -------------------------------------------------------------------------------------------------
  {
    type: 'PT-MAU',
    visitor: { name: 'Huỳnh Thị Lan', mobile: '0839512476', address: 'Khóm 3, thị trấn Năm Căn, Cà Mau' },
    title: 'Đo phóng xạ nước giếng khu vực nuôi tôm',
    content: 'Đề nghị đo phóng xạ alpha, beta tổng trong nước giếng khoan dùng cho ao nuôi tôm.',
    daysAgo: 106,
    end: {
      status: 'rejected',
      reason:
        'Chỉ tiêu phóng xạ nằm ngoài phạm vi được công nhận của phòng thí nghiệm; đã giới thiệu quý khách đến đơn vị có năng lực.',
    },
  },
  {
    type: 'BC-DTM',
    customer: 'tay-ninh',
    title: 'Lập báo cáo ĐTM dự án nâng công suất nhà máy tinh bột sắn lên 300 tấn/ngày',
    content: 'Khách hàng cần báo cáo ĐTM trong 15 ngày để kịp hồ sơ điều chỉnh chủ trương đầu tư.',
    daysAgo: 77,
    end: {
      status: 'rejected',
      received: true,
      reason:
        'Thời hạn 15 ngày không đủ để khảo sát, lấy mẫu nền và tham vấn cộng đồng theo quy định; đã tư vấn khách hàng điều chỉnh kế hoạch.',
    },
  },
  {
    type: 'QTMT-DK',
    visitor: HOANG_GIA,
    title: 'Đo tiếng ồn khu vực quầy bar tầng thượng',
    content: 'Khách lưu trú phàn nàn tiếng ồn từ quầy bar tầng thượng, đề nghị đo tiếng ồn trong các phòng tầng 9 và 10.',
    daysAgo: 39,
    end: {
      status: 'rejected',
      reason: 'Đo tiếng ồn trong phòng lưu trú không thuộc phạm vi dịch vụ quan trắc môi trường của công ty.',
    },
  },
  {
    type: 'PT-MAU',
    customer: 'song-lo',
    title: 'Phân tích mẫu nước thải xeo giấy do khách hàng tự lấy',
    content: 'Khách hàng gửi 2 can mẫu nước thải tự lấy, đề nghị phân tích COD, TSS, màu.',
    daysAgo: 9,
    end: {
      status: 'rejected',
      received: true,
      reason:
        'Mẫu do khách hàng tự lấy, không có biên bản và không được bảo quản lạnh nên không đủ điều kiện phân tích; đề nghị đăng ký lấy mẫu hiện trường.',
    },
  },

  // ---- cancelled ------------------------------------------------------------------------------------------------
  {
    type: 'LD-TRAM',
    customer: 'minh-tam',
    title: 'Lắp đặt trạm quan trắc nước thải tự động',
    content: 'Khảo sát và lắp đặt trạm quan trắc nước thải tự động cho hệ thống xử lý 800 m³/ngày đêm.',
    daysAgo: 101,
    end: { status: 'cancelled', step: 2, reason: 'Khách hàng tạm hoãn đầu tư trạm quan trắc tự động sang {năm sau}.' },
  },
  {
    type: 'QTMT-DK',
    visitor: {
      name: 'Lưu Văn Thịnh',
      mobile: '0859324671',
      organization: 'Trang trại chăn nuôi Đồng Tâm',
      address: 'Thôn Đồng Tâm, Yên Mô, Ninh Bình',
    },
    title: 'Quan trắc nước thải trang trại chăn nuôi lợn',
    content: 'Trang trại 2.000 con lợn thịt, có hầm biogas và hồ sinh học; cần quan trắc nước thải định kỳ.',
    daysAgo: 63,
    end: { status: 'cancelled', step: 1, reason: 'Khách hàng đã ký hợp đồng với đơn vị quan trắc tại địa phương.' },
  },
  {
    type: 'PT-MAU',
    customer: 'bia-hd',
    title: 'Phân tích mẫu bùn bể hiếu khí',
    content: 'Phân tích MLSS, SVI của bùn bể hiếu khí để điều chỉnh vận hành.',
    daysAgo: 29,
    end: { status: 'cancelled', reason: 'Khách hàng gửi trùng, đã gộp vào đợt quan trắc định kỳ.' },
  },
  {
    type: 'PT-MAU',
    customer: 'huy',
    title: 'Phân tích khí thải buồng sơn đồ gỗ',
    content: 'Đo bụi sơn và hơi dung môi (toluen, xylen) tại ống thải buồng sơn.',
    daysAgo: 15,
    end: { status: 'cancelled', step: 2, reason: 'Cơ sở dừng buồng sơn để cải tạo, khách hàng hẹn đăng ký lại sau.' },
  },

  // ---- on hold --------------------------------------------------------------------------------------------------
  {
    type: 'BC-GPMT',
    customer: 'dong-anh',
    title: 'Lập hồ sơ cấp giấy phép môi trường – giai đoạn 1',
    content: 'Hồ sơ đề nghị cấp giấy phép môi trường cho giai đoạn 1 đã đi vào vận hành (trạm XLNT 1.200 m³/ngày đêm).',
    daysAgo: 46,
    end: {
      status: 'on_hold',
      step: 1,
      reason: 'Chờ khách hàng bổ sung quyết định chủ trương đầu tư điều chỉnh và bản vẽ tổng mặt bằng.',
    },
  },
  {
    type: 'LD-TRAM',
    customer: 'tran-bien',
    title: 'Lắp đặt trạm quan trắc khí thải tự động lò sấy gỗ',
    content: 'Lắp đặt trạm quan trắc khí thải tự động cho ống khói lò đốt cấp nhiệt cho lò sấy gỗ.',
    priority: 'high',
    daysAgo: 34,
    end: { status: 'on_hold', step: 3, reason: 'Chờ nhà cung cấp giao bộ phân tích bụi, dự kiến cuối tháng.' },
  },
  {
    type: 'QTMT-DK',
    customer: 'bia-hd',
    title: 'Quan trắc nước thải và khí thải lò hơi – đợt 4/{năm}',
    content: 'Đợt quan trắc định kỳ cuối năm theo giấy phép môi trường.',
    daysAgo: 19,
    end: {
      status: 'on_hold',
      step: 2,
      reason: 'Nhà máy dừng sản xuất để bảo trì dây chuyền, chờ vận hành lại mới lấy mẫu được.',
    },
  },
  {
    type: 'PT-MAU',
    customer: 'hoa',
    title: 'Phân tích đất và nước tưới phục vụ chứng nhận VietGAP',
    content: 'Lấy mẫu đất 3 luống rau và nước giếng tưới; phân tích kim loại nặng, nitrat, vi sinh.',
    daysAgo: 12,
    end: { status: 'on_hold', step: 2, reason: 'Khách hàng đề nghị lùi lịch lấy mẫu sau đợt thu hoạch.' },
  },

  // ---- in progress ----------------------------------------------------------------------------------------------
  {
    type: 'QTMT-DK',
    customer: 'xanh',
    title: 'Quan trắc nước thải trạm XLNT Khu đô thị Việt Hưng – {quý}',
    content: 'Quan trắc định kỳ {quý}: nước thải đầu vào, đầu ra trạm XLNT, 11 thông số.',
    daysAgo: 14,
    late: [3],
    end: { status: 'in_progress', step: 3, progress: 40 },
  },
  {
    type: 'QTMT-DK',
    customer: 'hong-phuc',
    title: 'Quan trắc nước thải y tế {quý}',
    content: 'Quan trắc định kỳ {quý} nước thải sau xử lý, có chỉ tiêu vi sinh.',
    daysAgo: 11,
    end: { status: 'in_progress', step: 3, progress: 20 },
  },
  {
    type: 'QTMT-DK',
    customer: 'sao-mai',
    title: 'Quan trắc nước thải và khí thải lò hơi đốt biomass',
    content: 'Nước thải chế biến thực phẩm sau xử lý và khí thải lò hơi đốt viên nén mùn cưa.',
    daysAgo: 16,
    end: { status: 'in_progress', step: 4, progress: 50 },
  },
  {
    type: 'QTMT-DK',
    customer: 'phuc-yen',
    title: 'Quan trắc khí thải dây chuyền mạ và nước thải sản xuất {quý}',
    content: 'Khí thải dây chuyền mạ (hơi axit, Ni, Cr) và nước thải sản xuất sau xử lý.',
    daysAgo: 13,
    late: [4],
    end: { status: 'in_progress', step: 4, progress: 30 },
  },
  {
    type: 'LD-TRAM',
    customer: 'bai-chay',
    title: 'Lắp đặt trạm quan trắc khí thải tự động lò nung số 2',
    content: 'Lắp đặt trạm quan trắc khí thải tự động (bụi, SO2, NOx, CO, O2) cho ống khói lò nung số 2.',
    priority: 'high',
    daysAgo: 25,
    end: { status: 'in_progress', step: 3, progress: 60 },
  },
  {
    type: 'QTMT-DK',
    customer: 'nghi-son',
    title: 'Quan trắc khí thải lò điện hồ quang {quý}',
    content: 'Khí thải lò điện hồ quang và lò tinh luyện: bụi, kim loại nặng, SO2, NOx, CO; theo yêu cầu kiểm tra của Sở.',
    priority: 'urgent',
    daysAgo: 9,
    end: { status: 'in_progress', step: 2, progress: 50 },
  },
  {
    type: 'PT-MAU',
    customer: 'tan-thuan',
    title: 'Phân tích mẫu nước thải sau cải tạo hệ thống xử lý',
    content: 'Đánh giá hiệu quả hệ thống xử lý sau khi bổ sung bể keo tụ – tạo bông.',
    daysAgo: 8,
    end: { status: 'in_progress', step: 3, progress: 10 },
  },
  {
    type: 'QTMT-DK',
    customer: 'cuu-long',
    title: 'Quan trắc nước thải chế biến thủy sản {quý}',
    content: 'Quan trắc định kỳ nước thải sau xử lý, 2 vị trí, 12 thông số.',
    daysAgo: 10,
    late: [2],
    end: { status: 'in_progress', step: 2, progress: 70 },
  },
  {
    type: 'PT-MAU',
    customer: 'hoa-khanh',
    title: 'Phân tích tro xỉ lò đốt xác định chất thải nguy hại',
    content: 'Lấy mẫu tro bay và xỉ đáy lò, phân tích kim loại nặng theo ngưỡng chất thải nguy hại.',
    daysAgo: 7,
    late: [3],
    end: { status: 'in_progress', step: 3, progress: 30 },
  },
  {
    type: 'QTMT-DK',
    customer: 'pho-hien',
    title: 'Quan trắc nước thải dệt nhuộm {quý} (đối chứng trạm tự động)',
    content: 'Quan trắc đối chứng để so sánh với dữ liệu trạm quan trắc nước thải tự động.',
    priority: 'high',
    daysAgo: 6,
    end: { status: 'in_progress', step: 2, progress: 40 },
  },
  {
    type: 'QTMT-DK',
    customer: 'minh-tam',
    title: 'Quan trắc nước thải và khí thải {quý}',
    content: 'Quan trắc định kỳ {quý} theo giấy phép môi trường.',
    daysAgo: 5,
    end: { status: 'in_progress', step: 2, progress: 20 },
  },
  {
    type: 'QTMT-DK',
    visitor: {
      name: 'Ngô Văn Lực',
      mobile: '0976845231',
      email: 'lucnv.kinhbac@gmail.com',
      organization: 'Công ty TNHH Sơn Tĩnh điện Kinh Bắc',
      address: 'Cụm công nghiệp Khắc Niệm, Bắc Ninh',
      profile: {
        tax_code: '2301456789',
        representative: 'Ngô Văn Lực',
        representative_title: 'Giám đốc',
        street: 'Cụm công nghiệp Khắc Niệm',
        province: 'Bắc Ninh',
      },
    },
    title: 'Quan trắc khí thải dây chuyền sơn tĩnh điện',
    content: 'Dây chuyền sơn tĩnh điện và lò sấy dùng gas; cần quan trắc khí thải để làm hồ sơ giấy phép môi trường.',
    daysAgo: 21,
    end: { status: 'in_progress', step: 4, progress: 60 },
  },
  {
    type: 'BC-DTM',
    customer: 'que-vo',
    by: 'hung.nv',
    title: 'Lập báo cáo ĐTM dự án mở rộng KCN Quế Võ – phần diện tích 120 ha',
    content: 'Báo cáo ĐTM cho phần mở rộng 120 ha, gồm trạm XLNT tập trung module 2 công suất 4.000 m³/ngày đêm.',
    priority: 'high',
    daysAgo: 44,
    end: { status: 'in_progress', step: 4, progress: 45 },
  },
  {
    type: 'BC-GPMT',
    customer: 'xanh',
    title: 'Lập hồ sơ cấp lại giấy phép môi trường trạm XLNT số 3',
    content: 'Giấy phép môi trường của trạm XLNT số 3 hết hạn tháng 3/{năm sau}, cần lập hồ sơ cấp lại.',
    daysAgo: 30,
    end: { status: 'in_progress', step: 3, progress: 80 },
  },
  {
    type: 'QTMT-DK',
    customer: 'song-lo',
    title: 'Quan trắc nước thải sản xuất giấy {quý}',
    content: 'Quan trắc đăng ký lại theo đúng quy trình lấy mẫu hiện trường: nước thải xeo giấy sau xử lý.',
    daysAgo: 4,
    end: { status: 'in_progress', step: 1, progress: 50 },
  },
  {
    type: 'PT-MAU',
    visitor: THANH_HA,
    title: 'Kiểm tra lại nước giếng sau khi lắp bộ lọc',
    content: 'Gia đình đã lắp bộ lọc khử sắt – mangan theo khuyến nghị, nhờ công ty phân tích lại nước sau lọc.',
    daysAgo: 3,
    end: { status: 'in_progress', step: 2, progress: 0 },
  },

  // ---- received -------------------------------------------------------------------------------------------------
  {
    type: 'QTMT-DK',
    customer: 'tay-ninh',
    title: 'Quan trắc nước thải {quý}',
    content: 'Quan trắc nước thải sau hồ sinh học của nhà máy tinh bột sắn, 10 thông số.',
    daysAgo: 2.5,
    late: [1],
    end: { status: 'received' },
  },
  {
    type: 'QTMT-DK',
    customer: 'hoa-khanh',
    title: 'Quan trắc khí thải lò đốt chất thải công nghiệp – đợt 4/{năm}',
    content: 'Đợt quan trắc cuối năm, có dioxin/furan; cần kết quả trước ngày 20/12 để nộp báo cáo năm.',
    priority: 'urgent',
    daysAgo: 1.2,
    end: { status: 'received' },
  },
  {
    type: 'PT-MAU',
    customer: 'tran-bien',
    title: 'Phân tích formaldehyde trong khí thải xưởng ép ván',
    content: 'Đo formaldehyde và bụi gỗ tại ống thải xưởng ép ván MDF.',
    daysAgo: 1.8,
    end: { status: 'received' },
  },
  {
    type: 'PT-MAU',
    visitor: QUAN,
    title: 'Phân tích nước hồ bơi homestay',
    content: 'Homestay mới xây hồ bơi 40 m³, nhờ phân tích pH, clo dư, vi sinh trước khi đón khách.',
    daysAgo: 2.2,
    end: { status: 'received' },
  },
  {
    type: 'LD-TRAM',
    customer: 'cuu-long',
    title: 'Nâng cấp trạm quan trắc nước thải tự động – bổ sung thông số amoni',
    content: 'Bổ sung bộ đo amoni cho trạm quan trắc nước thải tự động hiện có và cấu hình lại truyền dữ liệu.',
    priority: 'high',
    daysAgo: 3,
    end: { status: 'received' },
  },
  {
    type: 'PT-MAU',
    customer: 'huy',
    title: 'Phân tích khí thải buồng sơn đồ gỗ (đăng ký lại)',
    content: 'Buồng sơn đã cải tạo xong, đăng ký lại đo bụi sơn và hơi dung môi tại ống thải.',
    daysAgo: 0.9,
    end: { status: 'received' },
  },

  // ---- new ------------------------------------------------------------------------------------------------------
  {
    type: 'QTMT-DK',
    visitor: {
      name: 'Đinh Thị Ngọc Mai',
      mobile: '0947182635',
      email: 'ngocmai@gomsubattrangxua.vn',
      organization: 'Công ty CP Gốm sứ Bát Tràng Xưa',
      address: 'Xóm 3, xã Bát Tràng, Hà Nội',
    },
    title: 'Quan trắc khí thải lò nung gốm bằng gas',
    content: 'Xưởng có 2 lò nung gas con thoi 8 m³, cần quan trắc khí thải theo yêu cầu của xã. Xin báo giá và lịch.',
    daysAgo: 1.5,
    end: { status: 'new' },
  },
  {
    type: 'QTMT-DK',
    visitor: BINH,
    title: 'Quan trắc nước thải sau khi lắp bể biogas',
    content: 'Cơ sở đã xây bể biogas và bể lắng theo khuyến nghị lần trước, nhờ công ty lấy mẫu kiểm tra lại.',
    daysAgo: 0.5,
    end: { status: 'new' },
  },
  {
    type: 'QTMT-DK',
    customer: 'sao-mai',
    title: 'Quan trắc môi trường định kỳ {quý}',
    content: 'Khách hàng gọi điện đăng ký đợt quan trắc {quý} như các quý trước.',
    daysAgo: 1,
    end: { status: 'new' },
  },
  {
    type: 'PT-MAU',
    visitor: HOANG_GIA,
    title: 'Phân tích nước thải hệ thống xử lý của khách sạn',
    content: 'Hệ thống xử lý nước thải 150 m³/ngày của khách sạn, cần phân tích để báo cáo công tác bảo vệ môi trường năm.',
    daysAgo: 0.8,
    end: { status: 'new' },
  },
  {
    type: 'LD-TRAM',
    customer: 'xanh',
    title: 'Khảo sát lắp đặt trạm quan trắc tự động trạm XLNT số 3',
    content: 'Trạm XLNT số 3 nâng công suất lên 3.000 m³/ngày đêm, thuộc đối tượng phải quan trắc tự động.',
    priority: 'high',
    daysAgo: 0.2,
    end: { status: 'new' },
  },
  {
    type: 'BC-DTM',
    visitor: {
      name: 'Tạ Quang Vinh',
      mobile: '0325618479',
      email: 'vinh.tq@phuthinhland.vn',
      organization: 'Công ty CP Bất động sản Phú Thịnh',
      address: 'Số 88 Lê Lợi, Phủ Lý, Ninh Bình',
    },
    title: 'Tư vấn lập báo cáo ĐTM dự án khu dân cư 15 ha',
    content: 'Dự án khu dân cư mới 15 ha đã có chủ trương đầu tư, cần đơn vị tư vấn lập báo cáo ĐTM. Đề nghị liên hệ báo giá.',
    daysAgo: 0.4,
    end: { status: 'new' },
  },
];

/** Works outside any process: 16 of them, some late, for the heads, the field team and the lab. */
export const DEMO_WORKS: DemoWork[] = [
  {
    title: 'Tổng hợp số liệu quan trắc {tháng} gửi Sở Nông nghiệp và Môi trường',
    description: 'Tổng hợp kết quả quan trắc của các khách hàng có trạm tự động, đối chiếu số liệu và lập báo cáo tháng.',
    by: 'duc.tv',
    assignee: 'yen.pt',
    participants: ['khoa.vm'],
    priority: 'high',
    daysAgo: 26,
    days: 6,
    end: { status: 'in_progress', progress: 60 },
    comments: [
      ['yen.pt', 'Còn thiếu số liệu 3 ngày của trạm KCN Quế Võ do mất kết nối, đang xin file gốc.'],
      ['duc.tv', 'Em ưu tiên hoàn thành trong tuần này nhé, Sở đã nhắc.'],
    ],
  },
  {
    title: 'Rà soát quy chuẩn nước thải công nghiệp mới và cập nhật biểu mẫu báo cáo',
    description: 'Rà soát giới hạn các thông số theo quy chuẩn mới, cập nhật biểu mẫu báo cáo quan trắc và phiếu kết quả.',
    by: 'duc.tv',
    assignee: 'diem.ht',
    participants: ['yen.pt', 'khoa.vm'],
    daysAgo: 18,
    days: 20,
    end: { status: 'in_progress', progress: 35 },
    comments: [['diem.ht', 'Đã lập bảng so sánh giới hạn cũ – mới cho 33 thông số, mời mọi người góp ý.']],
  },
  {
    title: 'Chuẩn hóa mẫu báo cáo kết quả quan trắc định kỳ',
    description: 'Thống nhất bố cục, bảng biểu và phần nhận xét của báo cáo quan trắc định kỳ gửi khách hàng.',
    by: 'yen.pt',
    assignee: 'khoa.vm',
    daysAgo: 6,
    days: 10,
    end: { status: 'todo' },
  },
  {
    title: 'Cập nhật kết quả quan trắc {quý trước} vào cơ sở dữ liệu',
    description: 'Nhập kết quả quan trắc {quý trước} của các khách hàng vào cơ sở dữ liệu để theo dõi xu hướng.',
    by: 'yen.pt',
    assignee: 'yen.pt',
    daysAgo: 40,
    days: 7,
    end: { status: 'done', result: 'Đã nhập đủ kết quả của 14 khách hàng, kiểm tra chéo với phiếu kết quả.' },
  },
  {
    title: 'Đào tạo an toàn lấy mẫu khí thải trên cao cho đội hiện trường',
    description: 'Huấn luyện sử dụng dây an toàn, sàn thao tác ống khói và quy trình lấy mẫu isokinetic.',
    by: 'thanh.dc',
    assignee: 'tai.mv',
    participants: ['phuc.cv', 'hanh.tt'],
    daysAgo: 22,
    days: 8,
    end: { status: 'done', result: 'Đã tổ chức buổi huấn luyện, 5/5 kỹ thuật viên đạt bài kiểm tra thực hành.' },
  },
  {
    title: 'Bảo dưỡng bộ lấy mẫu khí thải isokinetic và bơm lấy mẫu bụi',
    description: 'Vệ sinh đầu lấy mẫu, kiểm tra rò rỉ, thay màng lọc bơm và hiệu chuẩn đồng hồ lưu lượng.',
    by: 'thanh.dc',
    assignee: 'phuc.cv',
    daysAgo: 9,
    days: 5,
    end: { status: 'in_progress', progress: 70 },
    comments: [['phuc.cv', 'Đồng hồ lưu lượng bị lệch 6 %, đã gửi đi hiệu chuẩn, chờ nhận lại.']],
  },
  {
    title: 'Kiểm tra, bổ sung dụng cụ và hóa chất bảo quản mẫu trên xe hiện trường',
    description: 'Kiểm tra thùng bảo quản lạnh, chai lọ, hóa chất cố định mẫu; lập danh sách cần mua bổ sung.',
    by: 'tai.mv',
    assignee: 'tai.mv',
    participants: ['hanh.tt'],
    daysAgo: 3,
    days: 4,
    end: { status: 'todo' },
  },
  {
    title: 'Hiệu chuẩn máy đo bụi PM2.5 cầm tay',
    description: 'Hiệu chuẩn 2 máy đo bụi PM2.5 cầm tay trước đợt quan trắc không khí xung quanh cuối năm.',
    by: 'quang.hv',
    assignee: 'xuan.tt',
    daysAgo: 2,
    days: 3,
    end: { status: 'in_progress', progress: 40 },
  },
  {
    title: 'Bảo trì định kỳ trạm quan trắc tự động KCN Quế Võ tháng 11',
    description: 'Vệ sinh đầu đo, thay hóa chất, kiểm tra bơm lấy mẫu và đường truyền dữ liệu.',
    by: 'quang.hv',
    assignee: 'nhat.cm',
    daysAgo: 12,
    days: 10,
    end: { status: 'on_hold', reason: 'Chờ linh kiện bơm nhu động thay thế từ nhà cung cấp.' },
  },
  {
    title: 'Kiểm kê hóa chất, chất chuẩn phòng thí nghiệm {quý}',
    description: 'Kiểm kê tồn kho, hạn dùng hóa chất và chất chuẩn; đề xuất mua bổ sung cho {năm sau}.',
    by: 'thao.lt',
    assignee: 'phuong.tt',
    participants: ['son.kv', 'ngoc.atb'],
    daysAgo: 8,
    days: 12,
    end: { status: 'in_progress', progress: 50 },
  },
  {
    title: 'Chuẩn bị hồ sơ đánh giá duy trì chứng nhận VIMCERTS',
    description: 'Rà soát hồ sơ năng lực, kết quả thử nghiệm thành thạo và hồ sơ hiệu chuẩn thiết bị cho đợt đánh giá.',
    by: 'hung.nv',
    assignee: 'thao.lt',
    participants: ['duc.tv', 'tri.qm'],
    priority: 'high',
    daysAgo: 35,
    days: 45,
    end: { status: 'in_progress', progress: 25 },
    comments: [['thao.lt', 'Đã gửi kế hoạch thử nghiệm thành thạo cho các kiểm nghiệm viên.']],
  },
  {
    title: 'Cập nhật bảng giá dịch vụ quan trắc {năm sau}',
    description: 'Cập nhật đơn giá theo chi phí hóa chất, nhân công mới; so sánh với đơn vị cùng ngành.',
    by: 'bao.dq',
    assignee: 'huong.ntt',
    participants: ['long.dv'],
    daysAgo: 15,
    days: 12,
    end: { status: 'in_progress', progress: 80 },
  },
  {
    title: 'Gọi điện nhắc khách hàng đăng ký quan trắc {quý}',
    description: 'Liên hệ các khách hàng quan trắc định kỳ chưa đăng ký đợt {quý}.',
    by: 'bao.dq',
    assignee: 'oanh.ltk',
    daysAgo: 4,
    days: 2,
    end: { status: 'todo' },
  },
  {
    title: 'Gia hạn đăng kiểm và bảo hiểm xe lấy mẫu hiện trường',
    description: 'Đưa xe đi đăng kiểm, gia hạn bảo hiểm vật chất và trách nhiệm dân sự.',
    by: 'nhung.lth',
    assignee: 'ha.dtt',
    daysAgo: 20,
    days: 10,
    end: { status: 'done', result: 'Xe đã được đăng kiểm, bảo hiểm gia hạn 12 tháng.' },
  },
  {
    title: 'Đối chiếu công nợ khách hàng {quý trước}',
    description: 'Gửi biên bản đối chiếu công nợ cho khách hàng có phát sinh trong {quý trước}.',
    by: 'lan.vt',
    assignee: 'anh.btn',
    daysAgo: 30,
    days: 14,
    end: { status: 'done', result: 'Đã đối chiếu 17 khách hàng, 2 khách hàng còn chênh lệch đã chuyển phòng Kinh doanh.' },
  },
  {
    title: 'Khảo sát sơ bộ vị trí quan trắc cho khách hàng mới',
    description: 'Khảo sát trước vị trí lấy mẫu theo đề nghị của khách hàng.',
    by: 'duc.tv',
    assignee: 'khoa.vm',
    daysAgo: 16,
    days: 3,
    end: { status: 'cancelled', reason: 'Khách hàng đổi lịch, việc khảo sát gộp vào yêu cầu chính thức.' },
  },
];

/** What the people of each step write: their result notes and a few comments, by process code and step. */
export const STEP_NOTES: Record<string, { done: string[]; comments: string[] }[]> = {
  'QT-DK': [
    {
      done: [
        'Khách hàng đã chấp thuận báo giá và xác nhận vị trí, thông số, tần suất quan trắc theo giấy phép môi trường.',
        'Đã ký hợp đồng dịch vụ; thống nhất lịch lấy mẫu với cán bộ môi trường của khách hàng.',
      ],
      comments: [
        'Đã gửi báo giá qua e-mail, khách hàng hẹn phản hồi trong ngày.',
        'Khách hàng đề nghị bổ sung tổng N, tổng P theo giấy phép mới, đã cập nhật báo giá.',
      ],
    },
    {
      done: [
        'Đã lấy và bảo quản mẫu theo quy định; đo nhanh pH, nhiệt độ, DO tại hiện trường. Biên bản lấy mẫu có xác nhận của khách hàng.',
        'Đã lấy đủ mẫu và bàn giao cho phòng Thí nghiệm kèm phiếu giao nhận mẫu.',
      ],
      comments: [
        'Đã hẹn lấy mẫu lúc 8h sáng mai, nhà máy vận hành đủ công suất.',
        'Trời mưa to, lùi đo khí thải sang buổi chiều.',
        'Xe lấy mẫu đã xuất phát, dự kiến đến hiện trường lúc 9h30.',
      ],
    },
    {
      done: [
        'Đã phân tích đủ chỉ tiêu; mẫu lặp, mẫu thêm chuẩn đạt yêu cầu QA/QC. Phiếu kết quả đã chuyển phòng Quan trắc.',
        'Hoàn thành phân tích; coliform phân tích lặp để khẳng định, kết quả ổn định.',
      ],
      comments: [
        'Mẫu COD đầu vào cao, phải pha loãng và phân tích lại.',
        'Máy ICP-MS đang hiệu chuẩn, các chỉ tiêu kim loại phân tích từ chiều nay.',
        'Đã nhận mẫu, nhiệt độ bảo quản khi nhận 4 °C, đạt yêu cầu.',
      ],
    },
    {
      done: [
        'Đã phát hành báo cáo kết quả quan trắc, gửi bản điện tử cho khách hàng và bản cứng qua bưu điện.',
        'Đã gửi báo cáo và phiếu kết quả cho khách hàng; lưu hồ sơ theo quy định.',
      ],
      comments: [
        'Đã gửi dự thảo báo cáo cho khách hàng xem trước.',
        'Khách hàng đề nghị bổ sung so sánh với kết quả đợt trước, đang cập nhật.',
      ],
    },
  ],
  'LD-QTTD': [
    {
      done: ['Đã khảo sát vị trí nhà trạm, điểm lấy mẫu, nguồn điện và đường truyền; lập biên bản khảo sát.'],
      comments: ['Cần khách hàng bố trí mặt bằng 3 × 4 m gần cửa xả.', 'Đường truyền cáp quang của nhà máy đủ băng thông.'],
    },
    {
      done: ['Đã gửi thiết kế cấu hình trạm và báo giá; khách hàng đã duyệt và ký hợp đồng.'],
      comments: ['Khách hàng chọn bộ phân tích COD khác hãng so với phương án ban đầu, đang báo giá lại.'],
    },
    {
      done: ['Đã lắp đặt nhà trạm, thiết bị phân tích, bơm lấy mẫu và tủ điều khiển; đấu nối điện xong.'],
      comments: ['Đã hoàn thành móng nhà trạm, chờ bê tông khô để lắp đặt.', 'Thiết bị đã về kho, số serial khớp với hợp đồng.'],
    },
    {
      done: ['Đã hiệu chuẩn thiết bị bằng dung dịch chuẩn, truyền dữ liệu về Sở Nông nghiệp và Môi trường ổn định 72 giờ.'],
      comments: ['Sở đã cấp tài khoản nhận dữ liệu, đang cấu hình.'],
    },
    {
      done: ['Đã nghiệm thu, bàn giao trạm, hồ sơ thiết bị và hướng dẫn vận hành cho khách hàng.'],
      comments: ['Khách hàng hẹn nghiệm thu vào sáng thứ Sáu.'],
    },
  ],
  DTM: [
    {
      done: ['Đã nhận đủ thuyết minh dự án, bản vẽ tổng mặt bằng và hồ sơ pháp lý; đã ký hợp đồng tư vấn.'],
      comments: ['Còn thiếu quyết định chủ trương đầu tư, đã nhắc khách hàng bổ sung.'],
    },
    {
      done: ['Đã khảo sát khu vực dự án, lấy mẫu không khí, nước mặt, nước ngầm và đất theo đề cương.'],
      comments: ['Khu vực dự án ngập nước sau mưa, bổ sung 1 vị trí lấy mẫu nước mặt.'],
    },
    {
      done: ['Đã phân tích xong mẫu nền, QA/QC đạt; chuyển kết quả cho nhóm lập báo cáo.'],
      comments: ['Mẫu đất có asen cao hơn nền chung, phân tích lặp để khẳng định.'],
    },
    {
      done: ['Đã hoàn thành dự thảo báo cáo, tham vấn cộng đồng và gửi khách hàng góp ý.'],
      comments: [
        'Đã gửi văn bản tham vấn UBND xã và tổ chức họp tham vấn cộng đồng.',
        'Đang chạy mô hình lan truyền khí thải cho 3 kịch bản.',
      ],
    },
    {
      done: ['Đã chỉnh sửa theo ý kiến hội đồng thẩm định, nộp hồ sơ và bàn giao báo cáo cho khách hàng.'],
      comments: ['Hội đồng thẩm định họp sáng thứ Ba, đã chuẩn bị nội dung trình bày.'],
    },
  ],
};

/**
 * Step works a department head hands on to their people as soon as they arrive (by process code and step): the
 * assignees in turn, with the others of the team following.
 */
export const DELEGATIONS: Record<string, { by: string; to: string[]; followers: string[] }> = {
  'QT-DK:2': { by: 'thanh.dc', to: ['tai.mv', 'phuc.cv', 'hanh.tt'], followers: ['hanh.tt', 'tai.mv', 'phuc.cv'] },
  'QT-DK:3': { by: 'thao.lt', to: ['son.kv', 'ngoc.atb', 'tri.qm'], followers: ['phuong.tt'] },
  'QT-DK:4': { by: 'duc.tv', to: ['yen.pt', 'khoa.vm', 'yen.pt'], followers: ['yen.pt'] },
  'DTM:2': { by: 'thanh.dc', to: ['tai.mv'], followers: ['phuc.cv'] },
};
