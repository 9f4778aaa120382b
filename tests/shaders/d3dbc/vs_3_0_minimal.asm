// vs_3_0: outputs are declared o# registers.
vs_3_0
dcl_position v0
dcl_position o0
mov o0, v0
