/**
 * Stable error codes with their messages in both languages. The server answers `{ message, code, errors? }`
 * with the message in the caller's language; the web may translate by code. Spec §8 texts are word for word.
 */
export const ERRORS = {
  LOGIN_FAILED: { status: 401, es: "Error al Iniciar Sesión", en: "Error signing in" },
  NO_SCHOOL: { status: 403, es: "Usuario sin escuela asignada", en: "User without an assigned school" },
  USER_DEACTIVATED: { status: 403, es: "Usuario desactivado", en: "User deactivated" },
  NO_ROLE: {
    status: 403,
    es: "Este usuario no tiene un rol asignado. Contacte al administrador.",
    en: "This user has no role assigned. Contact the administrator.",
  },
  NO_ROLE_IN_SCHOOL: {
    status: 403,
    es: "No tienes un rol asignado en la escuela seleccionada.",
    en: "You have no role assigned in the selected school.",
  },
  UNAUTHENTICATED: { status: 401, es: "Sesión vencida!", en: "Session expired!" },
  CSRF_TOKEN_MISMATCH: {
    status: 419,
    es: "La página expiró. Recarga e inténtalo de nuevo.",
    en: "The page expired. Reload and try again.",
  },
  FORBIDDEN: {
    status: 403,
    es: "No tienes permiso para esta acción.",
    en: "You do not have permission for this action.",
  },
  ROOT_ONLY: {
    status: 403,
    es: "Solo el administrador de la plataforma puede hacer esto.",
    en: "Only the platform administrator can do this.",
  },
  SCHOOL_REQUIRED: {
    status: 400,
    es: "Indica la escuela (subdominio o encabezado X-School-Id).",
    en: "Name the school (subdomain or X-School-Id header).",
  },
  NOT_FOUND: { status: 404, es: "No encontrado.", en: "Not found." },
  VALIDATION: { status: 422, es: "Revisa los datos marcados.", en: "Check the highlighted fields." },
  EMPTY_FIELDS: { status: 422, es: "Campos vacíos", en: "empty fields" },
  /** A field holds a control character (NUL and the like) that no one types; line breaks only in text areas. */
  CONTROL_CHARACTERS: {
    status: 422,
    es: "El texto contiene caracteres no permitidos.",
    en: "The text contains characters that are not allowed.",
  },
  PASSWORDS_DO_NOT_MATCH: { status: 422, es: "Las contraseñas no coinciden", en: "Passwords do not match" },
  CURRENT_PASSWORD_WRONG: {
    status: 422,
    es: "La contraseña actual no es correcta.",
    en: "The current password is not correct.",
  },
  WEAK_PASSWORD: {
    status: 422,
    es: "La contraseña debe tener al menos 8 caracteres.",
    en: "The password must have at least 8 characters.",
  },
  RESET_TOKEN_INVALID: {
    status: 422,
    es: "El enlace para restablecer la contraseña no es válido o ya venció.",
    en: "The password reset link is invalid or has expired.",
  },
  REFRESH_TOKEN_INVALID: { status: 401, es: "Sesión vencida!", en: "Session expired!" },
  EMAIL_TAKEN: { status: 409, es: "Ese correo ya está registrado.", en: "That e-mail is already registered." },
  CONFLICT: { status: 409, es: "El registro ya existe.", en: "The record already exists." },
  PROFILE_NOT_IN_SCHOOL: {
    status: 422,
    es: "El perfil no pertenece a esa escuela.",
    en: "The profile does not belong to that school.",
  },
  CANNOT_DEACTIVATE_SELF: {
    status: 422,
    es: "No puedes desactivar tu propia cuenta.",
    en: "You cannot deactivate your own account.",
  },
  TOO_MANY_REQUESTS: {
    status: 429,
    es: "Demasiados intentos. Espera unos minutos e inténtalo de nuevo.",
    en: "Too many attempts. Wait a few minutes and try again.",
  },
  /** A new device refused by the account's failed sign-ins; the owner is e-mailed a link (same answer for any e-mail). */
  ACCOUNT_LOCKED: {
    status: 429,
    es: "Demasiados intentos fallidos. Si la cuenta es tuya, te enviamos un correo con un enlace para entrar desde este dispositivo.",
    en: "Too many failed attempts. If the account is yours, we have e-mailed you a link to sign in from this device.",
  },
  /** {origins}: where help videos may come from (HELP_VIDEO_ORIGINS), so the page's CSP lets them play. */
  VIDEO_HOST_NOT_ALLOWED: {
    status: 422,
    es: "Ese video no podría reproducirse: usa un enlace de {origins}.",
    en: "That video could not play: use a link from {origins}.",
  },
  UNLOCK_TOKEN_INVALID: {
    status: 422,
    es: "El enlace para entrar desde este dispositivo no es válido o ya venció.",
    en: "The link to sign in from this device is invalid or has expired.",
  },
  /** {size}: the selected school's max_file_size_in_mb (spec §5: 'Images that exceed the size of 2mb'). */
  FILE_TOO_LARGE: {
    status: 413,
    es: "Imágenes que exceden el tamaño de {size}mb",
    en: "Images that exceed the size of {size}mb",
  },
  INVALID_IMAGE: {
    status: 422,
    es: "El archivo no es una imagen JPEG, PNG o WebP.",
    en: "The file is not a JPEG, PNG or WebP image.",
  },
  /** Spec §5, word for word in English. */
  HEAD_TEACHER_OWNS_GROUP: {
    status: 409,
    es: "No es posible desasignarlo, ya que tiene un grupo asignado como titular",
    en: "It is not possible to unassign it, since there is an owner group assigned to the user",
  },
  DATE_RANGE: {
    status: 422,
    es: "La fecha de fin debe ser posterior a la de inicio.",
    en: "The end date must be after the start date.",
  },
  DATES_OVERLAP: {
    status: 422,
    es: "Las fechas se traslapan con otro registro.",
    en: "The dates overlap with another record.",
  },
  PERIOD_OUTSIDE_YEAR: {
    status: 422,
    es: "Los periodos deben quedar dentro de las fechas del ciclo escolar.",
    en: "Periods must lie within the dates of the school year.",
  },
  YEAR_CLOSED: {
    status: 409,
    es: "El ciclo escolar está cerrado y solo puede consultarse.",
    en: "The school year is closed and can only be read.",
  },
  YEAR_IS_CURRENT: {
    status: 409,
    es: "El ciclo escolar actual no puede cerrarse ni eliminarse; marca otro como actual primero.",
    en: "The current school year cannot be closed or deleted; make another year current first.",
  },
  CURRENT_YEAR_REQUIRED: {
    status: 422,
    es: "Debe haber un ciclo escolar actual.",
    en: "There must be a current school year.",
  },
  IN_USE: {
    status: 409,
    es: "No se puede eliminar porque hay registros que lo usan.",
    en: "It cannot be deleted because other records use it.",
  },
  NOT_STAFF: {
    status: 422,
    es: "El usuario no es personal activo de la escuela.",
    en: "The user is not an active staff member of the school.",
  },
  SUBJECT_NOT_IN_GRADE: {
    status: 422,
    es: "La materia no se imparte en el grado del grupo.",
    en: "The subject is not taught in the group's grade.",
  },
  // ── School users, profiles, students, families and imports ──
  INVALID_CURP: {
    status: 422,
    es: "La CURP no es válida (18 caracteres con dígito verificador).",
    en: "The CURP is not valid (18 characters with a check digit).",
  },
  INVALID_RFC: {
    status: 422,
    es: "El RFC no es válido (persona física: 13 caracteres).",
    en: "The RFC is not valid (natural person: 13 characters).",
  },
  INVALID_EMAIL: { status: 422, es: "El correo no es válido.", en: "The e-mail is not valid." },
  INVALID_DATE: {
    status: 422,
    es: "La fecha no es válida (AAAA-MM-DD).",
    en: "The date is not valid (YYYY-MM-DD).",
  },
  /** {allowed}: the accepted values, in the reader's language. */
  INVALID_OPTION: { status: 422, es: "Valor no permitido. Usa: {allowed}", en: "Value not allowed. Use: {allowed}" },
  ENROLLMENT_TAKEN: {
    status: 409,
    es: "Esa matrícula ya está registrada.",
    en: "That enrollment number is already registered.",
  },
  ALREADY_MEMBER: {
    status: 409,
    es: "Ese usuario ya pertenece a la escuela.",
    en: "That user already belongs to the school.",
  },
  MEMBER_NOT_FAMILIAR: {
    status: 409,
    es: "Ese correo es de personal de la escuela; no puede registrarse como familiar.",
    en: "That e-mail belongs to school staff; it cannot be registered as a family member.",
  },
  ALREADY_LINKED: {
    status: 409,
    es: "Ese familiar ya está vinculado al alumno.",
    en: "That family member is already linked to the student.",
  },
  FAMILIAR_PROFILE_MISSING: {
    status: 409,
    es: "La escuela no tiene el perfil Familiar.",
    en: "The school has no Familiar profile.",
  },
  PROFILE_PROTECTED: {
    status: 409,
    es: "Los perfiles Director y Familiar no pueden renombrarse ni eliminarse.",
    en: "The Director and Familiar profiles cannot be renamed or deleted.",
  },
  PROFILE_ADMIN_REQUIRED: {
    status: 409,
    es: "Al menos un perfil debe conservar todos los permisos de perfiles de usuario.",
    en: "At least one profile must keep every user-profile permission.",
  },
  CANNOT_CHANGE_OWN_PROFILE: {
    status: 422,
    es: "No puedes cambiar tu propio perfil.",
    en: "You cannot change your own profile.",
  },
  EMAIL_SHARED_ACCOUNT: {
    status: 409,
    es: "La cuenta pertenece también a otras escuelas; su correo no puede cambiarse aquí.",
    en: "The account also belongs to other schools; its e-mail cannot be changed here.",
  },
  UNKNOWN_PROFILE: { status: 422, es: "No existe ese perfil en la escuela.", en: "The school has no such profile." },
  UNKNOWN_GROUP: {
    status: 422,
    es: "No existe ese grupo en el ciclo escolar actual.",
    en: "There is no such group in the current school year.",
  },
  /** 404: an enrollment in a path (a photo named by it) names a student, like an id. */
  UNKNOWN_ENROLLMENT: {
    status: 404,
    es: "No hay un alumno con esa matrícula.",
    en: "There is no student with that enrollment number.",
  },
  /** {row}: the first row that has the same value. */
  DUPLICATE_IN_FILE: {
    status: 422,
    es: "Repetido en el archivo (fila {row}).",
    en: "Repeated in the file (row {row}).",
  },
  IMPORT_UNREADABLE: {
    status: 422,
    es: "No se pudo leer el archivo; usa la plantilla en XLSX o CSV.",
    en: "The file could not be read; use the template as XLSX or CSV.",
  },
  /** {columns}: the missing headers, in the reader's language. */
  IMPORT_MISSING_COLUMNS: { status: 422, es: "Faltan columnas: {columns}", en: "Missing columns: {columns}" },
  IMPORT_EMPTY: { status: 422, es: "El archivo no tiene filas de datos.", en: "The file has no data rows." },
  /** {max}: the most rows one file may have. */
  IMPORT_TOO_MANY_ROWS: {
    status: 422,
    es: "El archivo tiene más de {max} filas; divídelo.",
    en: "The file has more than {max} rows; split it.",
  },
  IMPORT_HAS_ERRORS: {
    status: 422,
    es: "El archivo tiene filas con errores; no se guardó nada.",
    en: "The file has rows with errors; nothing was saved.",
  },
  /** {size}: the limit in MB (spreadsheets and ZIP files, not single images). */
  UPLOAD_TOO_LARGE: { status: 413, es: "El archivo excede {size} MB.", en: "The file exceeds {size} MB." },
  INVALID_ZIP: { status: 422, es: "El archivo no es un ZIP válido.", en: "The file is not a valid ZIP." },
  // ── Uploads looked into by the file workers (time, memory and size limits) ──
  /** {seconds}, {memory}: FILE_JOB_TIMEOUT_SECONDS and FILE_JOB_MEMORY_MB. */
  FILE_TOO_COMPLEX: {
    status: 422,
    es: "El archivo es demasiado complejo para procesarlo (más de {seconds} s o {memory} MB). Divídelo o simplifícalo.",
    en: "The file is too complex to process (over {seconds} s or {memory} MB). Split or simplify it.",
  },
  /** {columns}: IMPORT_MAX_COLUMNS; {size}: IMPORT_MAX_INFLATED_MB. */
  IMPORT_TOO_LARGE: {
    status: 413,
    es: "El archivo es demasiado grande para importarlo: como máximo {columns} columnas y {size} MB sin comprimir. Divídelo.",
    en: "The file is too large to import: at most {columns} columns and {size} MB uncompressed. Split it.",
  },
  /** {size}: the MB the ZIP may inflate to; {max}: ZIP_MAX_ENTRIES. */
  ARCHIVE_TOO_LARGE: {
    status: 413,
    es: "El ZIP descomprimido excede {size} MB o {max} archivos. Súbelo en partes más pequeñas.",
    en: "The unzipped ZIP exceeds {size} MB or {max} files. Upload it in smaller parts.",
  },
  /** {megapixels}: IMAGE_MAX_MEGAPIXELS. */
  IMAGE_TOO_MANY_PIXELS: {
    status: 422,
    es: "La imagen tiene más de {megapixels} megapíxeles; redúcela.",
    en: "The image has more than {megapixels} megapixels; make it smaller.",
  },
  IMPORT_IN_PROGRESS: {
    status: 409,
    es: "Ya hay una importación en curso en esta escuela; espera a que termine e inténtalo de nuevo.",
    en: "An import is already running for this school; wait for it to finish and try again.",
  },
  SERVER_BUSY: {
    status: 503,
    es: "El servidor está procesando muchos archivos; inténtalo de nuevo en un momento.",
    en: "The server is processing many files; try again in a moment.",
  },
  GUIDELINE_HYPHEN_ONLY: {
    status: 422,
    es: "Las pautas formativas no pueden tener renglones con solo un guion y sin texto.",
    en: "Formative guidelines must not contain lines with only a hyphen and no text.",
  },
  FUTURE_DATE: { status: 422, es: "La fecha no puede estar en el futuro.", en: "The date cannot be in the future." },
  INVALID_TRANSITION: {
    status: 409,
    es: "La incidencia ya no está en un estado que permita ese cambio.",
    en: "The incident is no longer in a status that allows that change.",
  },
  INCIDENT_NOT_OPEN: {
    status: 409,
    es: "Solo se puede modificar una incidencia en proceso.",
    en: "Only an incident in process can be changed.",
  },
  PENDING_FORMATIVE_ACTIONS: {
    status: 409,
    es: "Hay acciones formativas pendientes: complétalas o dispénsalas explícitamente para cerrar.",
    en: "There are pending formative actions: complete them or waive them explicitly to close.",
  },
  DIRECTOR_ONLY: {
    status: 403,
    es: "Solo el Director puede reabrir una incidencia cerrada.",
    en: "Only the Director can reopen a closed incident.",
  },
  DUPLICATE_STUDENT: {
    status: 422,
    es: "Cada estudiante puede aparecer una sola vez.",
    en: "Each student can appear only once.",
  },
  STUDENT_NOT_IN_INCIDENT: {
    status: 422,
    es: "El estudiante no forma parte de la incidencia.",
    en: "The student is not part of the incident.",
  },
  TOO_MANY_OCCURRENCES: {
    status: 422,
    es: "La acción se repetiría demasiadas veces; acorta el periodo.",
    en: "The action would repeat too many times; shorten the period.",
  },
  NOT_AN_OCCURRENCE: {
    status: 422,
    es: "La acción no tiene una fecha programada ese día.",
    en: "The action has no occurrence on that day.",
  },
  UNSUPPORTED_FILE_TYPE: {
    status: 415,
    es: "Tipo de archivo no permitido. Usa imágenes, PDF, audio o video.",
    en: "File type not allowed. Use images, PDF, audio or video.",
  },
  TOO_MANY_ATTACHMENTS: {
    status: 422,
    es: "La incidencia ya tiene el máximo de {max} archivos.",
    en: "The incident already has the maximum of {max} files.",
  },
  INACTIVE_OPTION: {
    status: 422,
    es: "Esa opción está desactivada.",
    en: "That option is deactivated.",
  },
  /** {max} guidelines per type, {length} characters per guideline (INCIDENT_LIMITS). */
  GUIDELINES_LIMIT: {
    status: 422,
    es: "Escribe como máximo {max} pautas formativas, de hasta {length} caracteres cada una.",
    en: "Write at most {max} formative guidelines of up to {length} characters each.",
  },
  BEFORE_SCHOOL_YEAR: {
    status: 422,
    es: "La fecha no puede ser anterior al inicio del ciclo escolar actual.",
    en: "The date cannot be before the start of the current school year.",
  },
  /** Follow-up: a waived action is final; a completed one may only be un-completed or edited. */
  ACTION_CLOSED: {
    status: 409,
    es: "La acción formativa ya está completada o dispensada.",
    en: "The formative action is already completed or waived.",
  },
  COMPLETIONS_OUTSIDE_DATES: {
    status: 409,
    es: "Hay fechas ya cumplidas fuera de las nuevas fechas; desmárcalas antes de cambiarlas.",
    en: "Some completed occurrences fall outside the new dates; un-complete them before changing the dates.",
  },
  INVALID_ATTENDEE: {
    status: 422,
    es: "Solo pueden asistir familiares de los estudiantes de la incidencia o personal activo de la escuela.",
    en: "Only family members of the incident's students or active staff of the school can attend.",
  },
  /** The database (or the server itself, while it shuts down) is briefly out of reach; the call may be repeated. */
  SERVICE_UNAVAILABLE: {
    status: 503,
    es: "El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.",
    en: "The service is unavailable right now. Try again in a few seconds.",
  },
  /** Issue 9: an account is the person's own; a school manages only its membership. */
  IDENTITY_OWNED_BY_PERSON: {
    status: 409,
    es: "El nombre y el teléfono de una cuenta en uso son de la persona: solo ella puede cambiarlos desde su cuenta.",
    en: "The names and phone of an account in use belong to the person: only they can change them from their account.",
  },
  EMAIL_OWNED_BY_PERSON: {
    status: 409,
    es: "La escuela no puede cambiar el correo de una cuenta: invita la nueva dirección y desactiva la anterior.",
    en: "The school cannot change an account's e-mail: invite the new address and deactivate the old one.",
  },
  ALREADY_INVITED: {
    status: 409,
    es: "Ya hay una invitación abierta para ese correo en la escuela; reenvíala o cancélala.",
    en: "There is already an open invitation for that e-mail at this school; resend or cancel it.",
  },
  INVITATION_INVALID: {
    status: 422,
    es: "La invitación no es válida: venció, ya se usó o fue cancelada. Pide a la escuela que te la envíe de nuevo.",
    en: "The invitation is not valid: it expired, was already used or was cancelled. Ask the school to send it again.",
  },
  INTERNAL: {
    status: 500,
    es: "Ocurrió un error inesperado. Inténtalo de nuevo.",
    en: "An unexpected error occurred. Try again.",
  },
} as const satisfies Record<string, { status: number; es: string; en: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** The one error shape every failing call answers with. */
export interface ErrorBody {
  message: string;
  code: ErrorCode;
  /** Field errors: path → message, in the caller's language. */
  errors?: Record<string, string>;
}

/** Messages of spec §8 shown by the web after saves and actions, in both languages. */
export const ACTION_MESSAGES = {
  saved: { es: "¡Guardado con éxito!", en: "Saved successfully!" },
  saveFailed: { es: "¡Error al guardar!", en: "Failed to save!" },
  removed: { es: "¡Eliminado con éxito!", en: "Successfully removed!" },
  deleteFailed: { es: "Error al eliminar", en: "Error deleting" },
  profileAssigned: { es: "¡Perfil asignado con éxito!", en: "Profile assigned successfully!" },
  profileAssignFailed: { es: "¡Error al asignar el perfil!", en: "Failed to assign profile!" },
  permissionsAssigned: { es: "¡Permisos asignados con éxito!", en: "Permissions assigned successfully!" },
  permissionsAssignFailed: { es: "¡Error al asignar los permisos!", en: "Failed to assign Permissions!" },
  processingError: { es: "Error al procesar", en: "Error processing" },
  processed: { es: "Procesado con éxito", en: "Successfully processed" },
  passwordUpdated: { es: "Contraseña actualizada", en: "Updated password" },
  processing: { es: "Procesando, por favor espera...", en: "Processing, please wait..." },
  unsentEmails: { es: "Lista de correos no enviados", en: "Unsent email list" },
  signedIn: { es: "Sesión Iniciada", en: "Signed in" },
  signedOut: { es: "Sesión Cerrada!", en: "Signed out!" },
} as const;
