export { tokens, tokenValues, MOBILE_BREAKPOINT_PX, type TokenName } from './theme/tokens';
export { GlobalStyle } from './theme/GlobalStyle';
export { Button, type ButtonProps, type ButtonVariant } from './primitives/Button';
export { keptPlace } from './primitives/kept-place';
export { Card } from './primitives/Card';
export {
  PageSection,
  type PageSectionProps,
  type PageWidth,
  type PageSpacing,
} from './primitives/PageSection';
export { Modal, type ModalProps } from './primitives/Modal';
export { TextField, TextArea } from './primitives/TextField';
export { Select, type SelectOption, type SelectProps } from './primitives/Select';
export { FormStatus, type FormStatusKind } from './primitives/FormStatus';
export { ToastHost, toast, TOAST_DURATION_MS } from './toast/toast';
export { configureApi, apiUrl, apiFetch, initSession } from './session/api-client';
export { useSession, loadSession, resetSession } from './session/useSession';
export { startLogin, startPricingLogin, loginFromHere, logout } from './session/login';
export { browserNavigation } from './session/navigation';
export {
  reportError,
  reportingErrors,
  setErrorReporter,
  expectErrorReporter,
  type ErrorContext,
  type ErrorReporter,
} from './errors/report-error';
export { recordAdsClick, useAdsClickRecord, adsClickTerms } from './ads/ads-click';
export {
  configureAnalytics,
  setAnalyticsSink,
  track,
  trackSignupConversion,
  type AnalyticsEvent,
  type AnalyticsSink,
} from './analytics/analytics';
export { configurePlatform, platformConfig, type PlatformConfig } from './platform/platform-config';
export { isLifetime, type User, type PlanType, type SessionState } from './session/user';
export {
  carryQuery,
  isAddonPath,
  TRACKING_PARAMS,
  type CurrentLocation,
} from './links/carry-query';
export { CarryLink, useCarryingNavigate, type CarryLinkProps } from './links/CarryLink';
export {
  openFeedbackPopup,
  closeFeedbackPopup,
  useFeedbackPopupOpen,
} from './feedback/feedback-popup';
export {
  DEFAULT_CHROME,
  type NavbarVariant,
  type FooterVariant,
  type RouteChrome,
  type RemoteRoute,
  type RemoteModule,
  type FeedbackFormProps,
} from './federation/remote-contract';
export { UnderConstruction } from './federation/UnderConstruction';
export { renderStandalone } from './federation/standalone';
export { sanitizeFields, sanitizeText } from './forms/sanitize';
export {
  useFormSubmission,
  STATUS_CLEAR_MS,
  FAILED_TO_SEND,
  REQUEST_FAILED,
  type FormState,
} from './forms/useFormSubmission';
export { HiddenTrap } from './forms/HiddenTrap';
export { ContactForm, contactPath, type ContactFormProps } from './forms/ContactForm';
export {
  FeedbackForm,
  AFTER_SUCCESS_MS,
  professionLabel,
  type FeedbackFormName,
  type FeedbackFormSetup,
  type FeedbackFormFullProps,
} from './forms/FeedbackForm';
export { LegalPage, type LegalPageProps } from './legal/LegalPage';
export { Pane, PaneHint } from './primitives/Pane';
export {
  IMAGE_OR_PDF,
  acceptAttribute,
  isAccepted,
  checkFile,
  readChosenFile,
  downloadName,
  type ChosenFile,
  type IntakeRules,
  type FileRefusal,
} from './intake/chosen-file';
export { saveFile } from './intake/download';
export { useCamera, CAMERA_FAILED } from './intake/useCamera';
export { useFileIntake, type FileIntake, type FileIntakeEvents } from './intake/useFileIntake';
export {
  FileChooser,
  CameraButton,
  CameraPreview,
  DropZone,
  DropHint,
} from './intake/IntakeControls';
export { PageMeta, metaRoute, type PageMetaProps } from './meta/PageMeta';
