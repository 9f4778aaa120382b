// ps_4_0: min/max of constant-buffer and input operands written straight to the output, so a
// denormal operand the comparison picks must have been flushed before (the JIT flushes a
// constant once, on the scalar, before broadcasting it: tests/test_jit.c sees a wrong flush
// here), and multiplies by 1 and an add of -0 that a code generator folds away (LLVM does:
// o3 is then the input as it was loaded, so it must have been flushed on the way in).
ps_4_0
dcl_constantbuffer cb0[4], immediateIndexed
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_output o1.xyzw
dcl_output o2.xyzw
dcl_output o3.xyzw
dcl_temps 2
min o0.xyzw, cb0[0].xyzw, cb0[1].xyzw
max o1.xyzw, -cb0[2].xyzw, |v1.xyzw|
mul r1.xyzw, cb0[3].xyzw, l(1.0, 1.0, 1.0, 1.0)
add r0.xyzw, v1.xyzw, l(-0.0, -0.0, -0.0, -0.0)
min r1.xyzw, r1.xyzw, cb0[0].wzyx
max o2.xyzw, r0.xyzw, r1.xyzw
mul o3.xyzw, v1.xyzw, l(1.0, 1.0, 1.0, 1.0)
ret
