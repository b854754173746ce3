{{- define "ops-console.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "ops-console.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else if contains (include "ops-console.name" .) .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name (include "ops-console.name" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "ops-console.selectorLabels" -}}
app.kubernetes.io/name: {{ include "ops-console.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "ops-console.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
{{ include "ops-console.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{- define "ops-console.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "ops-console.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* The URL path prefix without its trailing slash ('' at the root). */}}
{{- define "ops-console.pathPrefix" -}}
{{- trimSuffix "/" .Values.config.basePath -}}
{{- end -}}

{{/* The chart's own Secret holds the values given inline (no existing secret named). */}}
{{- define "ops-console.secretData" -}}
{{- if and .Values.database.url (not .Values.database.existingSecret) }}
DATABASE_URL: {{ .Values.database.url | b64enc | quote }}
{{- end }}
{{- if and .Values.adminPassword.value (not .Values.adminPassword.existingSecret) }}
ADMIN_PASSWORD: {{ .Values.adminPassword.value | b64enc | quote }}
{{- end }}
{{- if and .Values.oidc.clientSecret (not .Values.oidc.existingSecret) }}
OIDC_CLIENT_SECRET: {{ .Values.oidc.clientSecret | b64enc | quote }}
{{- end }}
{{- if and .Values.smtp.url (not .Values.smtp.existingSecret) }}
SMTP_URL: {{ .Values.smtp.url | b64enc | quote }}
{{- end }}
{{- end -}}

{{/* An env entry read from a secret: (list context NAME settings) where settings has value/url, existingSecret, existingSecretKey. */}}
{{- define "ops-console.secretEnv" -}}
{{- $root := index . 0 -}}
{{- $name := index . 1 -}}
{{- $settings := index . 2 -}}
{{- $inline := index . 3 -}}
{{- if or $settings.existingSecret $inline }}
- name: {{ $name }}
  valueFrom:
    secretKeyRef:
      {{- if $settings.existingSecret }}
      name: {{ $settings.existingSecret }}
      key: {{ $settings.existingSecretKey }}
      {{- else }}
      name: {{ include "ops-console.fullname" $root }}
      key: {{ $name }}
      {{- end }}
{{- end }}
{{- end -}}

{{/* Agent mode: the Secret holding UPSTREAM_TOKEN, the one named or, when the chart makes it, <fullname>-upstream. */}}
{{- define "ops-console.upstreamSecretName" -}}
{{- .Values.upstream.tokenSecret.name | default (printf "%s-upstream" (include "ops-console.fullname" .) | trunc 63 | trimSuffix "-") -}}
{{- end -}}
