// vs_4_0: float arithmetic: add mul mad div min max dp2 dp3 dp4 frc exp log rsq sqrt sincos.
vs_4_0
dcl_input v0.xyzw
dcl_input v1.xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_temps 3
add r0.xyzw, v0.xyzw, v1.xyzw
mul r1.xyzw, r0.xyzw, v1.wzyx
mad r0.xyzw, r1.xyzw, v0.xxxx, r0.yyyy
div r1.xy, r0.xyxx, v1.zwzz
min r2.xyzw, r0.xyzw, r1.xyzw
max r2.xyzw, r2.xyzw, v0.xyzw
dp2 r0.x, r2.xyxx, r2.zwzz
dp3 r0.y, r2.xyzx, v1.xyzx
dp4 r0.z, r2.xyzw, v0.xyzw
frc r1.xyzw, r2.xyzw
exp r1.x, r0.x
log r1.y, r0.y
rsq r1.z, r0.z
sqrt r1.w, r0.w
sincos r2.x, r2.y, r0.x
sincos null, r2.z, r0.y
sincos r2.w, null, r0.z
mov o0.xyzw, r1.xyzw
mov o1.xyzw, r2.xyzw
ret
