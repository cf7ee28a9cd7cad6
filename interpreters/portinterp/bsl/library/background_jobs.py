"""``ФоновыеЗадания`` (OneScript's ``МенеджерФоновыхЗаданий``), ``ФоновоеЗадание``,
``СостояниеФоновогоЗадания``, ``БлокировкаРесурса`` (issue 26).

Decision: a job runs **at once, to its end, in the caller's thread** when
``ФоновыеЗадания.Выполнить`` starts it — the embedded interpreter has one thread, and a
program that starts jobs, then waits for them (``ОжидатьВсе``, ``ОжидатьЗавершения``,
``ОжидатьЗавершенияЗадач``), sees what it sees on OneScript: every job finished, its
``Результат``, its ``Состояние`` (``Завершено`` or ``ЗавершеноАварийно`` with
``ИнформацияОбОшибке``), ``ПолучитьТекущее()`` the running job inside one and Неопределено
outside.  What differs: the order of what jobs print when they would have run at the same time
on OneScript (there, it changes from run to run), and a program that needs two jobs to run
together (one waiting for what the other does) waits forever here.  ``БлокировкаРесурса``
therefore never has to wait; it counts its locks as the .NET ``Monitor`` does.
The words and checks are OneScript 1.9.2's (``BackgroundTasksManager.cs``,
``BackgroundTask.cs``).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, ClassVar

from portinterp.bsl.library.names_globals import JOB_STATE
from portinterp.bsl.runtime.objects import NO_FIELD, BslObject, register_type, spellings
from portinterp.bsl.runtime.values import BslArray, BslStructure
from portinterp.errors import ProgramFault

_STATE = JOB_STATE["состояниефоновогозадания"]
NOT_RUN, RUNNING, DONE, FAILED = (_STATE[k] for k in (
    "невыполнялось", "активно", "завершено", "завершеноаварийно"))
BAD_TYPE = "Неверный тип аргумента"


class BackgroundJob(BslObject):
    """``ФоновоеЗадание``."""

    __slots__ = ("error", "identifier", "method", "parameters", "result", "state", "target")
    type_name = "ФоновоеЗадание"
    spellings = spellings("ОжидатьЗавершения Wait wait")
    FIELDS: ClassVar[dict[str, str]] = {
              "уникальныйидентификатор": "identifier", "uuid": "identifier",
              "имяметода": "method", "methodname": "method", "объект": "target",
              "object": "target", "состояние": "state", "state": "state",
              "параметры": "parameters", "parameters": "parameters",
              "результат": "result", "result": "result",
              "информацияобошибке": "error", "exceptioninfo": "error"}

    def __init__(self, target: Any, method: str, parameters: Any) -> None:
        from portinterp.bsl.library.uuid_value import _new_unique_id

        self.target, self.method = target, method
        self.parameters = None if parameters is None else BslArray(list(parameters.items))
        self.identifier = _new_unique_id(None)
        self.state, self.result, self.error = NOT_RUN, None, None

    def property(self, name: str, shown: str) -> Any:
        if name not in self.FIELDS:
            raise ProgramFault(NO_FIELD.format(shown))
        return getattr(self, self.FIELDS[name])

    def bsl_wait(self, timeout: Any = 0) -> bool:
        _timeout(timeout)
        return True


class JobsManager(BslObject):
    """``ФоновыеЗадания``: one per run."""

    __slots__ = ("current", "jobs", "runtime")
    type_name = "МенеджерФоновыхЗаданий"
    spellings = spellings("Выполнить Execute execute", "Очистить Clear clear",
                          "ОжидатьВсе WaitAll waitall", "ОжидатьЛюбое WaitAny waitany",
                          "ОжидатьЗавершенияЗадач WaitCompletionOfTasks waitcompletion",
                          "ПолучитьФоновыеЗадания GetBackgroundJobs getjobs",
                          "ПолучитьТекущее GetCurrent getcurrent")

    def __init__(self, runtime: Any) -> None:
        self.runtime = runtime
        self.jobs: list[BackgroundJob] = []
        self.current: list[BackgroundJob] = []

    def bsl_execute(self, target: Any, method: Any, parameters: Any = None,
                    long_running: Any = False) -> BackgroundJob:
        from portinterp.bsl.library.this_object import NO_METHOD, Reflector

        if type(method) is not str or not isinstance(parameters, BslArray | type(None)) or (
                not isinstance(target, BslObject)):
            raise ProgramFault(BAD_TYPE)
        reflector = Reflector(self.runtime)
        if not reflector.bsl_methodexists(target, method):
            raise ProgramFault(NO_METHOD.format(method))
        job = BackgroundJob(target, method, parameters)
        self.jobs.append(job)
        self._run(job, reflector)
        return job

    def _run(self, job: BackgroundJob, reflector: Any) -> None:
        from portinterp.bsl.runtime.error_info import BslErrorInfo, caught_error

        arguments = BslArray(list(job.parameters.items)) if job.parameters else None
        job.state = RUNNING
        self.current.append(job)
        try:
            job.result = reflector.bsl_callmethod(job.target, job.method, arguments)
            job.state = DONE
        except ProgramFault as fault:
            job.state = FAILED
            job.error = BslErrorInfo(caught_error(
                fault, getattr(self.runtime, "_program", None), self.runtime.dialect))
        finally:
            self.current.pop()

    def bsl_clear(self) -> None:
        self.jobs.clear()

    def bsl_waitall(self, jobs: Any, timeout: Any = 0) -> bool:
        _jobs(jobs)
        _timeout(timeout)
        return True

    def bsl_waitany(self, jobs: Any, timeout: Any = 0) -> int:
        _jobs(jobs)
        _timeout(timeout)
        return 0

    def bsl_waitcompletion(self) -> None:
        from portinterp.bsl.runtime.error_info import ParametrizedFault

        failed = [job for job in self.jobs if job.state is FAILED]
        if failed:
            raise ParametrizedFault("Задания завершились с ошибками", BslArray(failed))
        self.jobs.clear()

    def bsl_getjobs(self, selection: Any = None) -> BslArray:
        if selection is None:
            return BslArray(list(self.jobs))
        if not isinstance(selection, BslStructure):
            raise ProgramFault(BAD_TYPE)
        found = []
        for job in self.jobs:
            keep = True
            for key, value in selection.entries.values():
                name = key.lower()
                if name in ("состояние", "state"):
                    keep = keep and (value not in STATES_MEMBERS or job.state == value)
                elif name in ("имяметода", "methodname"):
                    keep = keep and job.method.lower() == value
                elif name in ("объект", "object"):
                    keep = keep and job.target is value
                elif name in ("уникальныйидентификатор", "uuid"):
                    keep = keep and job.identifier == value
            if keep:
                found.append(job)
        return BslArray(found)

    def bsl_getcurrent(self) -> Any:
        return self.current[-1] if self.current else None


STATES_MEMBERS = (NOT_RUN, RUNNING, DONE, FAILED)


def _timeout(value: Any) -> None:
    """A time-out in milliseconds (0: none); nothing is left to wait for here."""
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        raise ProgramFault(BAD_TYPE)
    if value < 0:
        raise ProgramFault("Неверное значение аргумента")


def _jobs(jobs: Any) -> None:
    if not isinstance(jobs, BslArray) or not all(
            isinstance(job, BackgroundJob) for job in jobs.items):
        raise ProgramFault(BAD_TYPE)


class ResourceLock(BslObject):
    """``БлокировкаРесурса``: ``Заблокировать``/``Разблокировать`` (one thread: never waits;
    unlocking what is not locked is .NET's ``SynchronizationLockException``)."""

    __slots__ = ("held",)
    type_name = "БлокировкаРесурса"
    spellings = spellings("Заблокировать Lock lock", "Разблокировать Unlock unlock")

    def __init__(self) -> None:
        self.held = 0

    def bsl_lock(self) -> None:
        self.held += 1

    def bsl_unlock(self) -> None:
        if not self.held:
            raise ProgramFault("Внешнее исключение (System.Threading.SynchronizationLockException):"
                               " Object synchronization method was called from an"
                               " unsynchronized block of code.")
        self.held -= 1


def jobs_manager(runtime: Any) -> JobsManager:
    """The run's ``ФоновыеЗадания``."""
    manager = runtime.__dict__.get("_jobs_manager")
    if manager is None:
        manager = runtime.__dict__["_jobs_manager"] = JobsManager(runtime)
    return manager  # type: ignore[no-any-return]


def _new_lock(runtime: Any, instance: Any = None) -> ResourceLock:
    return ResourceLock()


register_type("ФоновоеЗадание", "BackgroundTask")
register_type("МенеджерФоновыхЗаданий", "BackgroundTasksManager")
register_type("БлокировкаРесурса", "ResourceLock", _new_lock)
