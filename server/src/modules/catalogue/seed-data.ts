/** The demo shop's bilingual catalogue texts. Items are built from these by seed.ts. */

export interface DemoType {
  key: string;
  zh: string;
  en: string;
  icon: string;
  kind: 'material' | 'course';
  parent?: string;
  /** [zh, en] subjects; each becomes one item. */
  subjects: [string, string][];
  tags: string[];
}

export const DEMO_TAGS: [string, string][] = [
  ['4K', '4K'],
  ['竖屏', 'Vertical'],
  ['免版税', 'Royalty-free'],
  ['新手入门', 'Beginner'],
  ['进阶', 'Advanced'],
  ['电影感', 'Cinematic'],
  ['夜景', 'Night'],
  ['航拍', 'Aerial'],
  ['转场', 'Transitions'],
  ['粒子', 'Particles'],
  ['调色', 'Colour grading'],
  ['模板', 'Template'],
];

export const DEMO_TYPES: DemoType[] = [
  { key: 'drama', zh: '短剧素材', en: 'Short-drama footage', icon: 'clapperboard', kind: 'material', subjects: [], tags: ['竖屏', '4K'] },
  {
    key: 'drama-city', parent: 'drama', zh: '都市情感', en: 'Urban romance', icon: 'building', kind: 'material', tags: ['竖屏', '夜景'],
    subjects: [
      ['雨夜街头重逢', 'Rainy-night street reunion'], ['总裁办公室对峙', 'Boardroom confrontation'], ['地铁站告白', 'Subway station confession'],
      ['咖啡馆偶遇', 'Chance meeting at a café'], ['天台夜景独白', 'Rooftop night monologue'], ['婚礼现场反转', 'Wedding-day twist'],
      ['医院走廊等待', 'Waiting in a hospital corridor'], ['豪车接送名场面', 'Luxury car pick-up scene'], ['出租屋争吵', 'Argument in a rented flat'],
    ],
  },
  {
    key: 'drama-period', parent: 'drama', zh: '古装宫廷', en: 'Period palace', icon: 'crown', kind: 'material', tags: ['竖屏', '电影感'],
    subjects: [
      ['宫门夜雪', 'Palace gate in night snow'], ['御花园漫步', 'Stroll in the imperial garden'], ['大殿朝堂', 'Throne hall audience'],
      ['竹林剑斗', 'Sword duel in a bamboo forest'], ['烛火书房', 'Candle-lit study'], ['城楼送别', 'Farewell on the city wall'],
      ['江湖客栈', 'Wayside inn of the martial world'], ['红妆出嫁', 'Bride in red leaving home'],
    ],
  },
  {
    key: 'broll', zh: '影视空镜', en: 'Film B-roll', icon: 'film', kind: 'material', tags: ['4K', '免版税', '电影感'],
    subjects: [
      ['城市延时摄影', 'City time-lapse'], ['海边日出', 'Sunrise over the sea'], ['雪山航拍', 'Snow mountain aerials'],
      ['霓虹街道', 'Neon streets'], ['麦田与风', 'Wind over wheat fields'], ['古镇清晨', 'Old town at dawn'],
      ['高速公路车流', 'Motorway light trails'], ['云海翻涌', 'Rolling sea of clouds'], ['森林光束', 'Light beams in a forest'],
      ['港口夜色', 'Harbour by night'],
    ],
  },
  {
    key: 'lut', zh: '调色预设', en: 'Colour LUTs', icon: 'palette', kind: 'material', tags: ['调色', '电影感'],
    subjects: [
      ['青橙电影色调', 'Teal and orange cinema'], ['日系清新胶片', 'Fresh Japanese film'], ['赛博朋克霓虹', 'Cyberpunk neon'],
      ['复古柯达', 'Vintage Kodak'], ['黑白高反差', 'High-contrast monochrome'], ['暖阳人像', 'Warm sunlight portraits'],
      ['冷峻悬疑', 'Cold suspense'], ['港风怀旧', 'Hong Kong nostalgia'], ['婚礼柔光', 'Soft wedding glow'],
    ],
  },
  {
    key: 'sound', zh: '音效配乐', en: 'Sound and music', icon: 'music', kind: 'material', tags: ['免版税'],
    subjects: [
      ['悬疑氛围配乐', 'Suspense ambience score'], ['综艺音效合集', 'Variety show sound effects'], ['转场嗖声包', 'Whoosh transition pack'],
      ['古风琵琶配乐', 'Classical pipa score'], ['都市轻音乐', 'Urban easy listening'], ['恐怖惊吓音效', 'Horror jump-scare effects'],
      ['自然环境声', 'Nature ambience'], ['史诗战斗鼓点', 'Epic battle drums'],
    ],
  },
  {
    key: 'template', zh: '工程模板', en: 'Project templates', icon: 'layers', kind: 'material', tags: ['模板', '转场'],
    subjects: [
      ['短剧片头模板', 'Short-drama opening titles'], ['动态字幕条', 'Animated lower thirds'], ['故障风转场', 'Glitch transitions'],
      ['产品展示模板', 'Product showcase template'], ['Vlog 开场', 'Vlog intro'], ['婚礼相册模板', 'Wedding album template'],
      ['竖屏带货模板', 'Vertical sales video template'], ['年会倒计时', 'Annual party countdown'],
    ],
  },
  {
    key: 'ae', zh: 'AE 入门', en: 'After Effects basics', icon: 'graduation-cap', kind: 'course', tags: ['新手入门'],
    subjects: [
      ['AE 零基础七天入门', 'After Effects from zero in seven days'], ['关键帧与曲线编辑器', 'Keyframes and the graph editor'],
      ['遮罩与轨道蒙版', 'Masks and track mattes'], ['文字动画全解', 'Text animation in depth'], ['表达式入门', 'Expressions for beginners'],
      ['形状图层动画', 'Shape layer animation'], ['渲染与输出设置', 'Rendering and export settings'], ['摄像机与 3D 图层', 'Cameras and 3D layers'],
      ['AE 常用插件指南', 'A guide to common AE plug-ins'],
    ],
  },
  {
    key: 'vfx', zh: '特效合成', en: 'VFX compositing', icon: 'sparkles', kind: 'course', tags: ['进阶', '粒子'],
    subjects: [
      ['绿幕抠像实战', 'Green-screen keying in practice'], ['粒子特效从入门到精通', 'Particle effects, beginner to expert'],
      ['爆炸与火焰合成', 'Explosion and fire compositing'], ['三维跟踪与植入', '3D tracking and set extension'], ['魔法光效设计', 'Designing magic light effects'],
      ['天空替换技巧', 'Sky replacement techniques'], ['科幻 HUD 界面', 'Sci-fi HUD interfaces'], ['雨雪天气合成', 'Rain and snow compositing'],
      ['短剧特效速成', 'Fast effects for short dramas'],
    ],
  },
  {
    key: 'edit', zh: '剪辑技巧', en: 'Editing craft', icon: 'scissors', kind: 'course', tags: ['转场'],
    subjects: [
      ['短剧剪辑节奏', 'Pacing short-drama edits'], ['无缝转场十二式', 'Twelve seamless transitions'], ['达芬奇调色入门', 'DaVinci Resolve grading basics'],
      ['声音设计与混音', 'Sound design and mixing'], ['多机位剪辑', 'Multi-camera editing'], ['竖屏视频构图', 'Framing for vertical video'],
      ['剪映专业版精通', 'Mastering CapCut Pro'], ['预告片剪辑思路', 'Cutting a trailer'],
    ],
  },
  {
    key: 'motion', zh: '动态图形', en: 'Motion graphics', icon: 'shapes', kind: 'course', tags: ['进阶', '模板'],
    subjects: [
      ['MG 动画设计原理', 'Principles of motion design'], ['信息图表动画', 'Animated infographics'], ['Logo 演绎动画', 'Logo reveal animation'],
      ['角色绑定与走路循环', 'Character rigging and walk cycles'], ['流体与液态动画', 'Fluid and liquid motion'], ['UI 动效设计', 'UI motion design'],
      ['Cinema 4D 联动', 'Working with Cinema 4D'],
    ],
  },
];

export const DEMO_NOTICES: [string, string, string, string][] = [
  // Made true by the setting newMemberVipDays, which the demo seed sets to 7 (server/src/seed.ts).
  ['新用户注册即送 7 天 VIP', 'New members get 7 days of VIP', '注册即自动开通 7 天一级 VIP，到期时间可在会员中心查看。', 'Level-1 VIP starts automatically when you register and lasts 7 days; the member centre shows when it ends.'],
  ['2026 冬季素材包上线', 'Winter 2026 material packs are live', '雪景航拍、宫门夜雪与年会倒计时等冬季素材已上架。', 'Snow mountain aerials, night snow at the palace gate and an annual-party countdown are now on sale.'],
  ['年度会员特价 ¥199', 'Annual VIP for ¥199', '年度会员原价 ¥588，现价 ¥199，一年内一、二级 VIP 免费的素材与课程均可免费获取。', 'Annual VIP is ¥199 instead of ¥588: a year of every level-1 and level-2 VIP-free item at no cost.'],
  ['关于素材授权范围的说明', 'About the licence of our material', '所有素材均可用于商业项目，禁止二次转售。', 'All material may be used in commercial projects; reselling it is not allowed.'],
  ['客服工作时间调整', 'New support hours', '客服时间调整为每天 9:00–21:00。', 'Support is now available daily from 9:00 to 21:00.'],
];

export const DEMO_VIP: { level: number; zh: string; en: string; days: number; price: number; listPrice: number; benefitsZh: string[]; benefitsEn: string[] }[] = [
  {
    level: 1, zh: '月度会员', en: 'Monthly', days: 30, price: 2900, listPrice: 4900,
    benefitsZh: ['一级 VIP 免费的素材与课程免费获取', '指定素材与课程享会员价', '30 天有效'],
    benefitsEn: ['Level-1 VIP-free material and courses at no cost', 'Member prices on selected items', 'Valid for 30 days'],
  },
  {
    level: 2, zh: '年度会员', en: 'Annual', days: 365, price: 19900, listPrice: 58800,
    benefitsZh: ['一、二级 VIP 免费的素材与课程免费获取', '指定素材与课程享会员价', '一年有效'],
    benefitsEn: ['Level-1 and level-2 VIP-free material and courses at no cost', 'Member prices on selected items', 'Valid for a year'],
  },
  {
    level: 3, zh: '终身会员', en: 'Lifetime', days: 0, price: 69900, listPrice: 199900,
    benefitsZh: ['全部 VIP 免费的素材与课程免费获取', '指定素材与课程享会员价', '永久有效'],
    benefitsEn: ['Every VIP-free item, whatever its level, at no cost', 'Member prices on selected items', 'Never expires'],
  },
];
