import type { LocalizedContent } from './types.ts';

/** Seeded "About us" page; operators edit it in the back office. */
export const aboutContent: LocalizedContent = {
  'zh-cn': {
    title: '关于我们',
    content: `<h2>关于 Framecraft</h2>
<p>Framecraft 是一家面向短剧、影视与新媒体创作者的数字素材与技能学习平台。我们相信，好的作品来自好的素材与扎实的手艺：一段恰到好处的空镜、一套调校精准的调色预设、一节讲透原理的特效课程，往往能为创作者节省数天的工作量。</p>
<h3>我们提供什么</h3>
<ul>
<li><strong>短剧与影视素材包</strong>：城市空镜、古风场景、情绪特写、转场、光效、音效与配乐等，均为高清或 4K 原始素材，附带格式与分辨率说明，可直接导入主流剪辑软件。</li>
<li><strong>特效视频课程</strong>：从合成基础、跟踪抠像、粒子与流体，到完整的短剧特效镜头拆解，课程按章节与课时组织，部分课时可免费试看，并配有工程文件与练习素材下载。</li>
<li><strong>会员服务</strong>：开通 VIP 后，可在有效期内免费或以会员价获取指定等级的素材与课程。</li>
</ul>
<h3>我们的承诺</h3>
<p>平台上架的每一份素材与课程都经过内容审核，我们会核实作者的授权情况，并在详情页写明使用范围。购买后的内容可在"我的购买"中随时下载或观看；如遇文件损坏、内容与描述严重不符等问题，请联系我们，我们将在核实后为您补发或按规则退款。</p>
<p>我们重视每一位创作者的隐私与账户安全：支付通过持牌支付机构完成，账户密码经过不可逆加密存储，我们不会出售您的个人信息。</p>
<h3>联系我们</h3>
<p>如果您是素材作者或讲师，欢迎与我们合作上架作品；如果您在使用过程中有任何问题或建议，请通过站内客服或工作日邮件与我们联系，我们通常会在一个工作日内回复。</p>
<p>感谢您选择 Framecraft，愿每一帧都更出色。</p>`,
  },
  en: {
    title: 'About Us',
    content: `<h2>About Framecraft</h2>
<p>Framecraft is a platform of digital material and skills training for creators of short dramas, film and new-media video. We believe good work starts with good material and solid craft: the right establishing shot, a well-tuned colour preset or a visual-effects lesson that explains the principle behind the trick can save a creator days of work.</p>
<h3>What we offer</h3>
<ul>
<li><strong>Short-drama and film material packs</strong>: city and landscape establishing shots, period sets, emotional close-ups, transitions, light effects, sound effects and music, delivered as HD or 4K source files with format and resolution notes, ready for every mainstream editing application.</li>
<li><strong>Visual-effects video courses</strong>: from compositing basics, tracking and keying, particles and fluids to complete breakdowns of short-drama effect shots. Courses are organised in chapters and lessons, some lessons can be previewed for free, and project files and practice footage can be downloaded.</li>
<li><strong>Membership</strong>: with VIP membership you get material and courses of your level free or at the member price while your membership is valid.</li>
</ul>
<h3>Our promise</h3>
<p>Every material pack and course on the platform is reviewed before it goes on sale. We check that the author holds the rights, and the detail page states how the material may be used. What you buy stays available under "My purchases" for download or viewing at any time. If a file is damaged or the content differs substantially from its description, contact us: after checking, we will send a replacement or refund you under our rules.</p>
<p>We take every creator's privacy and account security seriously: payments are processed by licensed payment providers, passwords are stored with one-way encryption, and we never sell your personal information.</p>
<h3>Contact us</h3>
<p>If you are an author or instructor, we would be glad to publish your work. If you have a question or suggestion while using the site, reach us through the on-site customer service or by e-mail on working days; we usually reply within one working day.</p>
<p>Thank you for choosing Framecraft. May every frame be better.</p>`,
  },
};
