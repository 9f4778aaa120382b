// vs_4_0: a dynamically indexed constant buffer: cb0[r0.x + 2] and cb0[r0.x].
vs_4_0
dcl_constantbuffer cb0[8], dynamicIndexed
dcl_constantbuffer cb1[1], immediateIndexed
dcl_input v0.xyzw
dcl_output_siv o0.xyzw, position
dcl_temps 2
ftoi r0.x, v0.w
mul r1.xyzw, v0.xyzw, cb0[r0.x + 2].xyzw
mad r1.xyzw, cb0[r0.x].xyzw, cb1[0].xxxx, r1.xyzw
mov o0.xyzw, r1.xyzw
ret
