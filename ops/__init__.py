"""Operations: health and readiness probes, Prometheus metrics, request ids in JSON logs, Sentry.

Nothing here knows the rules or writes the record; it watches the service from the outside
(middleware, Celery signals) so that the API and the services stay as they are.
"""
