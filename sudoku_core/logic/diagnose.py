def diagnose(g): pass
class Diagnosis: pass
